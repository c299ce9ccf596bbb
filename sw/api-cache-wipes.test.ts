/**
 * The logout race (shared tablets): a request still on its way when the page wipes the user's data must not write
 * the signed-out user's answer back into Cache Storage after the wipe deleted it.
 */
import { describe, expect, it } from 'vitest'
import { apiCacheName } from '../contract/api-cache-name'
import type { SwToPageMessage } from '../contract/sw-protocol'
import { ApiCacheWipes, writeUnlessWiped } from './api-cache-wipes'
import { networkFirstWithDeadline } from './api-strategy'
import { deferred } from './test-support/deferred'
import { FakeCacheStorage } from './test-support/fake-cache-storage'
import { refreshAfterWrite } from './write-refresh'

const BASE = 'https://iskola.pelda.hu/api'
const URL_STUDENTS = `${BASE}/students/`
const TOKEN = 'tok-tanar-a'

function json(body: string): Response {
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } })
}

/** A worker that answers through the page's network, and the page's wipe: tell the worker, then delete every cache. */
async function world(cachedBody: string | null) {
  const storage = new FakeCacheStorage()
  const cacheName = await apiCacheName(TOKEN)
  if (cachedBody !== null) await (await storage.open(cacheName)).put(URL_STUDENTS, json(cachedBody))
  const wipes = new ApiCacheWipes()
  const wipe = async () => {
    wipes.wiped()
    for (const name of await storage.keys()) await storage.delete(name)
  }
  return { storage, cacheName, wipes, wipe }
}

describe('the page wipes while a GET is on its way', () => {
  it('an answer in time (a query’s refetch) reaches the page but does not create the signed-out user’s cache again', async () => {
    const { storage, cacheName, wipes, wipe } = await world(null)
    const network = deferred<Response>()
    const reply = networkFirstWithDeadline(new Request(URL_STUDENTS), {
      caches: storage.asCacheStorage(),
      cacheName,
      base: BASE,
      fetch: () => network.promise,
      waitUntil: () => undefined,
      post: () => undefined,
      left: { wipes, ticket: wipes.ticket() },
      deadline: () => ({ passed: new Promise<void>(() => undefined), cancel: () => undefined }),
    })
    await wipe()
    network.resolve(json('["Kovács Ádám"]'))

    expect((await reply).status).toBe(200)
    expect(await storage.keys(), 'Cache Storage after the wipe').toEqual([])
  })

  it('the late answer of the background revalidation (the cached copy shown) is not stored after the wipe', async () => {
    const { storage, cacheName, wipes, wipe } = await world('["régi"]')
    const network = deferred<Response>()
    const background: Promise<unknown>[] = []
    const posted: SwToPageMessage[] = []
    const reply = networkFirstWithDeadline(new Request(URL_STUDENTS), {
      caches: storage.asCacheStorage(),
      cacheName,
      base: BASE,
      fetch: () => network.promise,
      waitUntil: (work) => background.push(work),
      post: (message) => posted.push(message),
      left: { wipes, ticket: wipes.ticket() },
      deadline: () => ({ passed: Promise.resolve(), cancel: () => undefined }),
    })
    expect(await (await reply).text()).toBe('["régi"]')
    await wipe()
    network.resolve(json('["Kovács Ádám"]'))
    await Promise.all(background)

    expect(await storage.keys(), 'Cache Storage after the wipe').toEqual([])
  })

  it('a request that leaves after the wipe is cached as before (the next user)', async () => {
    const { storage, cacheName, wipes, wipe } = await world(null)
    await wipe()
    const reply = networkFirstWithDeadline(new Request(URL_STUDENTS), {
      caches: storage.asCacheStorage(),
      cacheName,
      base: BASE,
      fetch: async () => json('["Kiss Anna"]'),
      waitUntil: () => undefined,
      post: () => undefined,
      left: { wipes, ticket: wipes.ticket() },
    })
    expect((await reply).status).toBe(200)
    expect(await (await storage.open(cacheName)).text(URL_STUDENTS)).toBe('["Kiss Anna"]')
  })
})

describe('the page wipes while a write’s refresh is on its way', () => {
  it('the refreshed entry is not written and not announced', async () => {
    const { storage, cacheName, wipes, wipe } = await world('{"students":[]}')
    const network = deferred<Response>()
    const fetched = deferred<void>()
    const notes: unknown[] = []
    const refreshed = refreshAfterWrite({
      writePath: '/students/',
      authorization: TOKEN,
      base: BASE,
      caches: storage.asCacheStorage(),
      fetch: (() => {
        fetched.resolve()
        return network.promise
      }) as unknown as typeof fetch,
      left: { wipes, ticket: wipes.ticket() },
      notify: (message) => notes.push(message),
    })
    await fetched.promise
    await wipe()
    network.resolve(json('{"students":["Kovács Ádám"]}'))

    expect(await refreshed).toBe(0)
    expect(notes).toEqual([])
    expect(await storage.has(cacheName)).toBe(false)
  })
})

describe('writeUnlessWiped', () => {
  it('deletes the cache when the wipe comes while the write runs (the body still arriving)', async () => {
    const { storage, cacheName, wipes } = await world(null)
    let finish!: () => void
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('["Kovács'))
        finish = () => {
          controller.enqueue(new TextEncoder().encode(' Ádám"]'))
          controller.close()
        }
      },
    })
    const written = writeUnlessWiped(
      storage.asCacheStorage(),
      cacheName,
      { wipes, ticket: wipes.ticket() },
      (cache) => cache.put(URL_STUDENTS, new Response(body, { status: 200 })),
    )
    await Promise.resolve()
    wipes.wiped()
    finish()

    expect(await written).toBe(false)
    expect(await storage.has(cacheName)).toBe(false)
  })
})
