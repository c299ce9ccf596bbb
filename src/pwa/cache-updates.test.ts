import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { queryKeyOf } from '@contract/api-resources'
import {
  connectQueryClientToCacheUpdates,
  dispatchApiCacheMessageForTests,
  refetchWhenFirstControlled,
} from './cache-updates'

describe('API cache updates', () => {
  it('refetches the queries of the endpoint whose cached answer changed', async () => {
    const client = new QueryClient()
    client.setQueryData(['notes', 'g1'], [])
    client.setQueryData(['students'], [])
    const disconnect = connectQueryClientToCacheUpdates(client)

    dispatchApiCacheMessageForTests({
      type: 'API_CACHE_UPDATED',
      routeId: 'notes',
      path: '/notes/g1',
      url: 'http://localhost/api/notes/g1',
    })
    dispatchApiCacheMessageForTests({ type: 'SOMETHING_ELSE' })

    await vi.waitFor(() => expect(client.getQueryState(['notes', 'g1'])?.isInvalidated).toBe(true))
    expect(client.getQueryState(['students'])?.isInvalidated).toBe(false)
    disconnect()
  })

  it("refetches only the changed path's queries: one group's notes, not another's", async () => {
    const client = new QueryClient()
    client.setQueryData(queryKeyOf('notes', 'g1'), [])
    client.setQueryData(queryKeyOf('notes', 'g1', { page: 2 }), [])
    client.setQueryData(queryKeyOf('notes', 'g2'), [])
    const disconnect = connectQueryClientToCacheUpdates(client)

    dispatchApiCacheMessageForTests({
      type: 'API_CACHE_UPDATED',
      routeId: 'notes',
      path: '/notes/g1',
      url: 'http://localhost/api/notes/g1',
    })

    await vi.waitFor(() => expect(client.getQueryState(queryKeyOf('notes', 'g1'))?.isInvalidated).toBe(true))
    expect(client.getQueryState(queryKeyOf('notes', 'g1', { page: 2 }))?.isInvalidated).toBe(true)
    expect(client.getQueryState(queryKeyOf('notes', 'g2'))?.isInvalidated).toBe(false)
    disconnect()
  })

  it("refetches all of a resource's queries when the path is not the table's (a worker of another release)", async () => {
    const client = new QueryClient()
    client.setQueryData(queryKeyOf('notes', 'g1'), [])
    client.setQueryData(queryKeyOf('students'), [])
    const disconnect = connectQueryClientToCacheUpdates(client)

    dispatchApiCacheMessageForTests({
      type: 'API_CACHE_UPDATED',
      routeId: 'notes',
      path: '/v2/notes/g1',
      url: 'http://localhost/api/v2/notes/g1',
    })

    await vi.waitFor(() => expect(client.getQueryState(queryKeyOf('notes', 'g1'))?.isInvalidated).toBe(true))
    expect(client.getQueryState(queryKeyOf('students'))?.isInvalidated).toBe(false)
    disconnect()
  })

  it('ignores a notice for a resource the table does not name', async () => {
    const client = new QueryClient()
    client.setQueryData(['unknown'], [])
    const disconnect = connectQueryClientToCacheUpdates(client)

    dispatchApiCacheMessageForTests({
      type: 'API_CACHE_UPDATED',
      routeId: 'unknown',
      path: '/unknown',
      url: 'http://localhost/api/unknown',
    })
    await new Promise((resolve) => setTimeout(resolve, 20))

    expect(client.getQueryState(['unknown'])?.isInvalidated).toBe(false)
    disconnect()
  })
})

describe('a notice during a first fetch', () => {
  it("restarts the fetch: the worker's older answer, still on its way, is not what stays on screen", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const answers = [
      { release: (_: number) => {}, promise: null as Promise<number> | null },
      { release: (_: number) => {}, promise: null as Promise<number> | null },
    ]
    let calls = 0
    const observer = new QueryObserver(client, {
      queryKey: queryKeyOf('links'),
      queryFn: ({ signal }) => {
        const answer = answers[calls++]
        answer.promise = new Promise<number>((resolve, reject) => {
          answer.release = resolve
          signal.addEventListener('abort', () => reject(new Error('aborted')))
        })
        return answer.promise
      },
    })
    const seen: unknown[] = []
    const unsubscribe = observer.subscribe((result) => seen.push(result.data))
    await vi.waitFor(() => expect(calls).toBe(1))
    const disconnect = connectQueryClientToCacheUpdates(client)

    // The cached answer (0 visits) is on its way when the worker reports the fresh one (1 visit).
    dispatchApiCacheMessageForTests({
      type: 'API_CACHE_UPDATED',
      routeId: 'links',
      path: '/links',
      url: 'http://localhost/api/links',
    })
    await vi.waitFor(() => expect(calls).toBe(2))
    answers[0].release(0)
    answers[1].release(1)
    await vi.waitFor(() => expect(client.getQueryData(queryKeyOf('links'))).toBe(1))
    expect(seen.filter((data) => data !== undefined)).toEqual([1])
    unsubscribe()
    disconnect()
  })
})

describe('the first worker taking control', () => {
  class FakeContainer extends EventTarget {
    constructor(public controller: ServiceWorker | null) {
      super()
    }
  }

  it('fetches every query again, once, when a page that had no worker gets one (a first visit)', async () => {
    const client = new QueryClient()
    let fetches = 0
    // Not mounted anywhere (inactive), like a prefetched list: it is fetched again too.
    await client.prefetchQuery({ queryKey: queryKeyOf('students'), queryFn: () => ++fetches })
    const container = new FakeContainer(null)
    refetchWhenFirstControlled(container, client)
    expect(fetches).toBe(1)

    container.controller = {} as ServiceWorker
    container.dispatchEvent(new Event('controllerchange'))
    await vi.waitFor(() => expect(fetches).toBe(2))
    container.dispatchEvent(new Event('controllerchange'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(fetches).toBe(2)
  })

  it('does nothing for a page the worker already controls (a later worker comes only through Frissítés)', async () => {
    const client = new QueryClient()
    let fetches = 0
    await client.prefetchQuery({ queryKey: queryKeyOf('students'), queryFn: () => ++fetches })
    const container = new FakeContainer({} as ServiceWorker)
    refetchWhenFirstControlled(container, client)
    container.dispatchEvent(new Event('controllerchange'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(fetches).toBe(1)
  })
})
