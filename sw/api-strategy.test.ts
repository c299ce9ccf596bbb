import { describe, expect, it } from 'vitest'
import type { SwToPageMessage } from '../contract/sw-protocol'
import { networkFirstWithDeadline, type ApiStrategyDeps } from './api-strategy'
import { ApiCacheWipes } from './api-cache-wipes'
import { deferred } from './test-support/deferred'
import { FakeCacheStorage } from './test-support/fake-cache-storage'

const BASE = 'https://iskola.pelda.hu/api'
/** The page never wipes in these tests. */
const NO_WIPE = { wipes: new ApiCacheWipes(), ticket: 0 }
const URL_STUDENTS = `${BASE}/students/`
const CACHE = 'api-0123456789abcdef'

function answer(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'application/json' } })
}

/** A worker's world: a fake Cache Storage, a network the test answers, a deadline the test passes. */
async function setup(cachedBody: string | null) {
  const storage = new FakeCacheStorage()
  if (cachedBody !== null) await (await storage.open(CACHE)).put(URL_STUDENTS, answer(200, cachedBody))
  const network = deferred<Response>()
  const deadline = deferred<void>()
  const posted: SwToPageMessage[] = []
  const background: Promise<unknown>[] = []
  const deps: ApiStrategyDeps = {
    caches: storage.asCacheStorage(),
    left: NO_WIPE,
    cacheName: CACHE,
    base: BASE,
    fetch: () => network.promise,
    waitUntil: (work) => background.push(work),
    post: (message) => posted.push(message),
    deadline: () => ({ passed: deadline.promise, cancel: () => undefined }),
  }
  const reply = networkFirstWithDeadline(new Request(URL_STUDENTS), deps)
  const stored = async () =>
    (await storage.has(CACHE)) ? (await storage.open(CACHE)).text(URL_STUDENTS) : null
  return { storage, network, deadline, posted, background, reply, stored }
}

describe('networkFirstWithDeadline: the network answers in time', () => {
  it('passes a 401 to the page, never the cached body, and deletes the user’s cache', async () => {
    const world = await setup('["Kovács Ádám"]')
    world.network.resolve(answer(401, '{"message":"Nem vagy bejelentkezve."}'))
    const response = await world.reply
    expect(response.status).toBe(401)
    expect(await response.text()).not.toContain('Kovács')
    expect(await world.storage.has(CACHE)).toBe(false)
    expect(world.posted).toEqual([])
  })

  it('gives the fresh 200 and stores it', async () => {
    const world = await setup('["régi"]')
    world.network.resolve(answer(200, '["új"]'))
    const response = await world.reply
    expect(await response.text()).toBe('["új"]')
    expect(await world.stored()).toBe('["új"]')
    expect(world.posted, 'the page has the fresh answer already').toEqual([])
  })

  it('drops the entry on another 4xx (a permission taken away stays away offline)', async () => {
    const world = await setup('["Kovács Ádám"]')
    world.network.resolve(answer(403, '{"message":"Nincs jogosultságod."}'))
    expect((await world.reply).status).toBe(403)
    expect(await world.stored()).toBeUndefined()
  })

  it('falls back to the cached copy on a 5xx, and gives the 5xx when there is none', async () => {
    const cached = await setup('["Kovács Ádám"]')
    cached.network.resolve(answer(502, 'Bad Gateway'))
    expect(await (await cached.reply).text()).toBe('["Kovács Ádám"]')
    const empty = await setup(null)
    empty.network.resolve(answer(502, 'Bad Gateway'))
    expect((await empty.reply).status).toBe(502)
  })
})

describe('networkFirstWithDeadline: no answer at all (offline)', () => {
  it('serves the cached copy at once, without waiting for the deadline', async () => {
    const world = await setup('["Kovács Ádám"]')
    world.network.reject(new TypeError('Failed to fetch'))
    expect(await (await world.reply).text()).toBe('["Kovács Ádám"]')
    expect(await world.stored()).toBe('["Kovács Ádám"]')
  })

  it('fails like the network when nothing is cached', async () => {
    const world = await setup(null)
    world.network.reject(new TypeError('Failed to fetch'))
    await expect(world.reply).rejects.toThrow('Failed to fetch')
  })
})

describe('networkFirstWithDeadline: the deadline passes first', () => {
  it('serves the cached copy; a late 401 deletes the cache and tells the pages', async () => {
    const world = await setup('["Kovács Ádám"]')
    world.deadline.resolve()
    expect(await (await world.reply).text()).toBe('["Kovács Ádám"]')
    expect(world.background).toHaveLength(1)
    world.network.resolve(answer(401, '{}'))
    await Promise.all(world.background)
    expect(await world.storage.has(CACHE)).toBe(false)
    expect(world.posted).toEqual([{ type: 'API_UNAUTHORIZED', cacheName: CACHE }])
  })

  it('a late different 200 is stored and announced; an equal one is not announced', async () => {
    const changed = await setup('["régi"]')
    changed.deadline.resolve()
    await changed.reply
    changed.network.resolve(answer(200, '["új"]'))
    await Promise.all(changed.background)
    expect(await changed.stored()).toBe('["új"]')
    expect(changed.posted).toEqual([
      { type: 'API_CACHE_UPDATED', routeId: 'students', path: '/students/', url: URL_STUDENTS },
    ])

    const same = await setup('["régi"]')
    same.deadline.resolve()
    await same.reply
    same.network.resolve(answer(200, '["régi"]'))
    await Promise.all(same.background)
    expect(same.posted).toEqual([])
  })

  it('a late network error leaves the cache as it was', async () => {
    const world = await setup('["Kovács Ádám"]')
    world.deadline.resolve()
    await world.reply
    world.network.reject(new TypeError('Failed to fetch'))
    await Promise.all(world.background)
    expect(await world.stored()).toBe('["Kovács Ádám"]')
    expect(world.posted).toEqual([])
  })

  it('without a cached copy waits for the network, whatever it takes', async () => {
    const world = await setup(null)
    world.deadline.resolve()
    world.network.resolve(answer(401, '{}'))
    expect((await world.reply).status).toBe(401)
    expect(world.background).toEqual([])
  })
})

describe('networkFirstWithDeadline: a refusal that is the answer', () => {
  it("stores /groups/instructor's 404 (no groups) and serves it offline", async () => {
    const storage = new FakeCacheStorage()
    const url = `${BASE}/groups/instructor`
    const deps = (fetch: ApiStrategyDeps['fetch']): ApiStrategyDeps => ({
      caches: storage.asCacheStorage(),
      left: NO_WIPE,
      cacheName: CACHE,
      base: BASE,
      fetch,
      waitUntil: () => undefined,
      post: () => undefined,
      deadline: () => ({ passed: new Promise<void>(() => undefined), cancel: () => undefined }),
    })
    const online = await networkFirstWithDeadline(
      new Request(url),
      deps(async () => answer(404, '{"code":404,"message":"Nincs csoport."}')),
    )
    expect(online.status).toBe(404)
    const offline = await networkFirstWithDeadline(
      new Request(url),
      deps(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    expect(offline.status).toBe(404)
    expect(await offline.text()).toContain('Nincs csoport.')
  })
})

describe('networkFirstWithDeadline: a conditional request (the cached copy has an ETag)', () => {
  const ETAG = '"abc123"'
  const OLD_DATE = 'Mon, 23 Nov 2026 08:00:00 GMT'
  const NEW_DATE = 'Fri, 27 Nov 2026 14:05:00 GMT'

  function stored(body: string, etag = ETAG): Response {
    return new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'application/json', ETag: etag, Date: OLD_DATE },
    })
  }

  function notModified(): Response {
    return new Response(null, { status: 304, headers: { ETag: ETAG, Date: NEW_DATE } })
  }

  /** A world whose network answers each request in turn from `answers`, recording what was asked. */
  async function world(
    cacheName: string,
    entries: Record<string, Response>,
    answers: (() => Promise<Response>)[],
  ) {
    const storage = new FakeCacheStorage()
    for (const [name, response] of Object.entries(entries))
      await (await storage.open(name)).put(URL_STUDENTS, response)
    const asked: (string | null)[] = []
    const posted: SwToPageMessage[] = []
    const background: Promise<unknown>[] = []
    const deadline = deferred<void>()
    const deps: ApiStrategyDeps = {
      caches: storage.asCacheStorage(),
      left: NO_WIPE,
      cacheName,
      base: BASE,
      fetch: (request) => {
        asked.push(request.headers.get('If-None-Match'))
        const next = answers.shift()
        return next ? next() : Promise.reject(new TypeError('Failed to fetch'))
      },
      waitUntil: (work) => background.push(work),
      post: (message) => posted.push(message),
      deadline: () => ({ passed: deadline.promise, cancel: () => undefined }),
    }
    const entry = async (name = cacheName) =>
      (await storage.has(name)) ? (await storage.open(name)).match(URL_STUDENTS) : undefined
    return { storage, asked, posted, background, deadline, deps, entry }
  }

  it('asks with If-None-Match; a 304 gives the page the cached body as a fresh 200 and announces nothing', async () => {
    const w = await world(CACHE, { [CACHE]: stored('["Kovács Ádám"]') }, [async () => notModified()])
    const response = await networkFirstWithDeadline(new Request(URL_STUDENTS), w.deps)
    expect(w.asked).toEqual([ETAG])
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('["Kovács Ádám"]')
    expect(response.headers.get('Date'), 'the offline marker dates the copy from the 304').toBe(NEW_DATE)
    expect(response.headers.get('ETag')).toBe(ETAG)
    await Promise.all(w.background)
    const kept = await w.entry()
    expect(await kept?.text()).toBe('["Kovács Ádám"]')
    expect(kept?.headers.get('Date'), 'the stored copy is as fresh as the 304').toBe(NEW_DATE)
    expect(w.posted).toEqual([])
  })

  it('a changed list is a 200 as before: given, stored, with its new ETag', async () => {
    const fresh = new Response('["új"]', { status: 200, headers: { ETag: '"def456"', Date: NEW_DATE } })
    const w = await world(CACHE, { [CACHE]: stored('["régi"]') }, [async () => fresh])
    const response = await networkFirstWithDeadline(new Request(URL_STUDENTS), w.deps)
    expect(await response.text()).toBe('["új"]')
    expect((await w.entry())?.headers.get('ETag')).toBe('"def456"')
  })

  it('a 401 to the conditional request still reaches the page and deletes the user’s cache', async () => {
    const w = await world(CACHE, { [CACHE]: stored('["Kovács Ádám"]') }, [async () => answer(401, '{}')])
    const response = await networkFirstWithDeadline(new Request(URL_STUDENTS), w.deps)
    expect(response.status).toBe(401)
    expect(await response.text()).not.toContain('Kovács')
    expect(await w.storage.has(CACHE)).toBe(false)
  })

  it('only the caller’s own cache is asked about: another user’s copy is never the validator nor the answer', async () => {
    const other = 'api-fedcba9876543210'
    const w = await world(CACHE, { [other]: stored('["Másik tanár diákjai"]') }, [async () => notModified()])
    const response = await networkFirstWithDeadline(new Request(URL_STUDENTS), w.deps)
    expect(w.asked, 'no cached copy of this user: an unconditional request').toEqual([null])
    expect(await response.text()).not.toContain('Másik')
    expect(await w.storage.has(CACHE)).toBe(false)
  })

  it('asks again without the condition when the copy went while the 304 was on its way', async () => {
    const w = await world(CACHE, { [CACHE]: stored('["Kovács Ádám"]') }, [
      async () => {
        await w.storage.delete(CACHE)
        return notModified()
      },
      async () => new Response('["Kovács Ádám"]', { status: 200, headers: { ETag: ETAG, Date: NEW_DATE } }),
    ])
    const response = await networkFirstWithDeadline(new Request(URL_STUDENTS), w.deps)
    expect(w.asked).toEqual([ETAG, null])
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('["Kovács Ádám"]')
  })

  it('leaves a page’s own If-None-Match to the page (its 304 is passed on)', async () => {
    const w = await world(CACHE, { [CACHE]: stored('["Kovács Ádám"]') }, [async () => notModified()])
    const request = new Request(URL_STUDENTS, { headers: { 'If-None-Match': '"page"' } })
    const response = await networkFirstWithDeadline(request, w.deps)
    expect(w.asked).toEqual(['"page"'])
    expect(response.status).toBe(304)
  })

  it('a late 304 (the cached copy already shown) refreshes the stored Date and announces nothing', async () => {
    const late = deferred<Response>()
    const w = await world(CACHE, { [CACHE]: stored('["Kovács Ádám"]') }, [() => late.promise])
    const reply = networkFirstWithDeadline(new Request(URL_STUDENTS), w.deps)
    // The deadline passes once the conditional request is out.
    await new Promise((resolve) => setTimeout(resolve, 0))
    w.deadline.resolve()
    expect(await (await reply).text()).toBe('["Kovács Ádám"]')
    late.resolve(notModified())
    await Promise.all(w.background)
    expect((await w.entry())?.headers.get('Date')).toBe(NEW_DATE)
    expect(w.posted).toEqual([])
  })
})
