import { describe, expect, it, vi } from 'vitest'
import { apiCacheName } from '../contract/api-cache-name'
import type { ApiCacheUpdatedMessage } from '../contract/sw-protocol'
import { ApiCacheWipes } from './api-cache-wipes'
import { FakeCacheStorage } from './test-support/fake-cache-storage'
import { refreshAfterStreamedWrite, refreshAfterWrite } from './write-refresh'

const BASE = 'https://iskola.pelda.hu/api'
/** The page never wipes in these tests. */
const NO_WIPE = { wipes: new ApiCacheWipes(), ticket: 0 }

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

async function seed(storage: FakeCacheStorage, token: string, entries: Record<string, unknown>) {
  const cache = await storage.open(await apiCacheName(token))
  for (const [path, body] of Object.entries(entries)) await cache.put(`${BASE}${path}`, json(body))
  return cache
}

describe('refreshAfterWrite', () => {
  it('re-fetches the saved settings with the same Authorization before answering', async () => {
    const storage = new FakeCacheStorage()
    const cache = await seed(storage, 'tok-1', {
      '/dashboard/userSettings': { userSettings: { 'lookAndFeel:theme': 'light' } },
      '/students/': { students: [] },
    })
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json({ userSettings: { 'lookAndFeel:theme': 'dark' } }),
    )
    const notes: ApiCacheUpdatedMessage[] = []

    const refreshed = await refreshAfterWrite({
      writePath: '/dashboard/userSettings',
      authorization: 'tok-1',
      base: BASE,
      caches: storage.asCacheStorage(),
      left: NO_WIPE,
      fetch: fetchMock as typeof fetch,
      notify: (message) => notes.push(message),
    })

    expect(refreshed).toBe(1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(String(fetchMock.mock.calls[0][0])).toBe(`${BASE}/dashboard/userSettings`)
    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('Authorization')).toBe('tok-1')
    expect(JSON.parse((await cache.text(`${BASE}/dashboard/userSettings`))!)).toEqual({
      userSettings: { 'lookAndFeel:theme': 'dark' },
    })
    expect(JSON.parse((await cache.text(`${BASE}/students/`))!)).toEqual({ students: [] })
    expect(notes).toEqual([
      {
        type: 'API_CACHE_UPDATED',
        routeId: 'userSettings',
        path: '/dashboard/userSettings',
        url: `${BASE}/dashboard/userSettings`,
      },
    ])
  })

  it("touches only the writing user's cache", async () => {
    const storage = new FakeCacheStorage()
    await seed(storage, 'tok-1', { '/links': { links: [1] } })
    const other = await seed(storage, 'tok-2', { '/links': { links: [2] } })
    const fetchMock = vi.fn(async () => json({ links: [] }))

    await refreshAfterWrite({
      writePath: '/links/',
      authorization: 'tok-1',
      base: BASE,
      caches: storage.asCacheStorage(),
      left: NO_WIPE,
      fetch: fetchMock as unknown as typeof fetch,
    })

    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(JSON.parse((await other.text(`${BASE}/links`))!)).toEqual({ links: [2] })
  })

  it('drops an entry whose refresh is not 200 instead of serving the old value', async () => {
    const storage = new FakeCacheStorage()
    const cache = await seed(storage, 'tok-1', {
      '/groups/instructor': { groups: ['A'] },
      '/groups': { groups: [] },
    })
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/instructor') ? json({ message: 'Nincs csoport' }, 404) : json({ groups: [] }),
    )

    await refreshAfterWrite({
      writePath: '/groups/g1',
      authorization: 'tok-1',
      base: BASE,
      caches: storage.asCacheStorage(),
      left: NO_WIPE,
      fetch: fetchMock as unknown as typeof fetch,
    })

    expect(await cache.match(`${BASE}/groups/instructor`)).toBeUndefined()
    expect(await cache.match(`${BASE}/groups`)).toBeDefined()
  })

  it('drops an entry when the refresh fails on the network', async () => {
    const storage = new FakeCacheStorage()
    const cache = await seed(storage, 'tok-1', { '/work/hours': { workHours: {} } })
    await refreshAfterWrite({
      writePath: '/work/hours',
      authorization: 'tok-1',
      base: BASE,
      caches: storage.asCacheStorage(),
      left: NO_WIPE,
      fetch: (async () => {
        throw new TypeError('Failed to fetch')
      }) as typeof fetch,
    })
    expect(await cache.match(`${BASE}/work/hours`)).toBeUndefined()
  })

  it('does nothing without a token, and never creates a cache', async () => {
    const storage = new FakeCacheStorage()
    const fetchMock = vi.fn()
    expect(
      await refreshAfterWrite({
        writePath: '/links',
        authorization: null,
        base: BASE,
        caches: storage.asCacheStorage(),
        left: NO_WIPE,
        fetch: fetchMock as unknown as typeof fetch,
      }),
    ).toBe(0)
    expect(
      await refreshAfterWrite({
        writePath: '/links',
        authorization: 'tok-new',
        base: BASE,
        caches: storage.asCacheStorage(),
        left: NO_WIPE,
        fetch: fetchMock as unknown as typeof fetch,
      }),
    ).toBe(0)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(await storage.keys()).toEqual([])
  })
})

describe('refreshAfterStreamedWrite', () => {
  it('passes the progress through at once and the last chunk (the answer) only after the refresh', async () => {
    const encoder = new TextEncoder()
    let push: (text: string) => void = () => {}
    let end: () => void = () => {}
    const upstream = new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(encoder.encode(text))
          end = () => controller.close()
        },
      }),
      { headers: { 'Content-Type': 'application/x-ndjson' } },
    )
    const events: string[] = []
    let finishRefresh: () => void = () => {}
    const refresh = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          events.push('refresh started')
          finishRefresh = () => {
            events.push('refresh done')
            resolve()
          }
        }),
    )
    const response = refreshAfterStreamedWrite(upstream, refresh)
    expect(response.headers.get('Content-Type')).toBe('application/x-ndjson')
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    push('{"phase":"hash","done":0,"total":2}\n')
    push('{"phase":"hash","done":2,"total":2}\n')
    expect((await reader.read()).value).toBe('{"phase":"hash","done":0,"total":2}\n')
    expect(refresh).not.toHaveBeenCalled()
    push('{"phase":"result","status":201,"body":{}}\n')
    expect((await reader.read()).value).toBe('{"phase":"hash","done":2,"total":2}\n')
    end()
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1))
    const last = reader.read().then((chunk) => {
      events.push('answer read')
      return chunk.value
    })
    finishRefresh()
    expect(await last).toBe('{"phase":"result","status":201,"body":{}}\n')
    expect(events).toEqual(['refresh started', 'refresh done', 'answer read'])
  })
})
