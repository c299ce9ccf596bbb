import { QueryClient } from '@tanstack/react-query'
import { clear, createStore, entries, type UseStore } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError } from '../api-client'
import { wipeUserData } from '../offline/user-data'
import { leaseLock, webLock, type LockManagerLike } from './flush-lock'
import { backoffDelay, createOutbox, outbox, OUTBOX_DATABASE, OUTBOX_STORE, type OutboxDeps } from './outbox'
import type { OutboxItem } from './outbox-item'

type Hours = Record<string, number>
const KEY = ['workHours'] as const
const setHours = (current: unknown, body: unknown) => {
  const { date, hours } = body as { date: string; hours: number }
  return { ...(current as Hours | undefined), [date]: hours }
}
const write = (date: string, hours: number) => ({
  method: 'POST' as const,
  url: '/work/hours',
  body: { date, hours },
  label: `${date}: ${hours}`,
})

let storeCount = 0
let store: UseStore
const outboxes: ReturnType<typeof createOutbox>[] = []

function make(deps: OutboxDeps = {}) {
  const box = createOutbox({
    store,
    owner: async () => 'owner-a',
    lock: async (task) => {
      await task(() => {})
      return true
    },
    channel: null,
    isOnline: () => true,
    ...deps,
  })
  box.registerOptimistic(KEY, setHours)
  outboxes.push(box)
  return box
}

/** A promise the test settles by hand. */
function deferred<T = unknown>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Lets IndexedDB and promise chains run (fake-indexeddb schedules with setImmediate, which stays real). */
async function settle(box: ReturnType<typeof createOutbox>) {
  for (let i = 0; i < 3; i++) {
    await box.idle()
    await new Promise((resolve) => setImmediate(resolve))
  }
}

beforeEach(() => {
  store = createStore(`outbox-test-${++storeCount}`, OUTBOX_STORE)
})

afterEach(() => {
  for (const box of outboxes.splice(0)) box.stop()
  vi.useRealTimers()
})

describe('the outbox', () => {
  it('stores a write with its idempotency key and without the token, then sends it', async () => {
    localStorage.setItem('token', 'secret-token-123')
    const send = vi.fn(async (_item: OutboxItem) => ({ code: 200 }))
    const box = make({ send })
    const item = await box.enqueue(write('2026-11-20', 8), KEY)
    expect(item).toMatchObject({ method: 'POST', url: '/work/hours', attempts: 0, lastError: null })
    expect(JSON.stringify(item)).not.toContain('secret-token-123')
    await settle(box)
    expect(send).toHaveBeenCalledTimes(1)
    expect(send.mock.calls[0][0]).toMatchObject({ id: item.id, body: { date: '2026-11-20', hours: 8 } })
    expect(box.getSnapshot().items).toEqual([])
    expect(await entries(store)).toEqual([])
  })

  it('sends items in the order they were made, one at a time', async () => {
    let inFlight = 0
    let maxInFlight = 0
    const sent: string[] = []
    const gate = deferred()
    const send = vi.fn(async (item: OutboxItem) => {
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      await gate.promise
      sent.push((item.body as { date: string }).date)
      inFlight--
    })
    const box = make({ send })
    await box.enqueue(write('2026-11-03', 1), KEY)
    await box.enqueue(write('2026-11-01', 2), KEY)
    await box.enqueue(write('2026-11-02', 3), KEY)
    void box.syncNow()
    gate.resolve(undefined)
    await settle(box)
    expect(sent).toEqual(['2026-11-03', '2026-11-01', '2026-11-02'])
    expect(maxInFlight).toBe(1)
  })

  it('retries network errors and 5xx with a doubling backoff, keeping attempts and the last error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const send = vi
      .fn<(item: OutboxItem) => Promise<unknown>>()
      .mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')))
      .mockRejectedValueOnce(new ApiError(503, 'A szolgáltatás nem érhető el.'))
      .mockResolvedValue({ code: 200 })
    const deferredReasons: string[] = []
    const box = make({ send })
    await box.enqueue(write('2026-11-20', 8), KEY, {
      onDeferred: (_item, reason) => deferredReasons.push(reason),
    })
    await settle(box)
    expect(send).toHaveBeenCalledTimes(1)
    expect(box.getSnapshot().items[0]).toMatchObject({
      attempts: 1,
      lastError: 'Hiba történt a kapcsolat során.',
    })
    expect(deferredReasons).toEqual(['network'])

    await vi.advanceTimersByTimeAsync(backoffDelay(1) - 1)
    expect(send).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await settle(box)
    expect(send).toHaveBeenCalledTimes(2)
    expect(box.getSnapshot().items[0]).toMatchObject({
      attempts: 2,
      lastError: 'A szolgáltatás nem érhető el.',
    })

    expect(backoffDelay(2)).toBe(2 * backoffDelay(1))
    await vi.advanceTimersByTimeAsync(backoffDelay(2) - 1)
    expect(send).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    await settle(box)
    expect(send).toHaveBeenCalledTimes(3)
    expect(box.getSnapshot().items).toEqual([])
    // Told once that the write waits, not on every retry.
    expect(deferredReasons).toEqual(['network'])
  })

  it('tells each write of the page once that it waits, also those queued behind a failing one', async () => {
    const send = vi.fn((_item: OutboxItem) =>
      Promise.reject(new NetworkError(new TypeError('Failed to fetch'))),
    )
    const told: string[] = []
    const box = make({ send })
    const onDeferred = (item: OutboxItem) => told.push((item.body as { date: string }).date)
    await box.enqueue(write('2026-11-20', 8), KEY, { onDeferred })
    await settle(box)
    await box.enqueue(write('2026-11-21', 8), KEY, { onDeferred })
    await settle(box)
    await box.flush()
    await settle(box)
    expect(told).toEqual(['2026-11-20', '2026-11-21'])
    // Only the head of the queue was tried: order is kept.
    expect(send.mock.calls.map(([item]) => (item.body as { date: string }).date)).toEqual([
      '2026-11-20',
      '2026-11-20',
      '2026-11-20',
    ])
  })

  it('caps the backoff at a minute', () => {
    expect(backoffDelay(1)).toBe(2_000)
    expect(backoffDelay(3)).toBe(8_000)
    expect(backoffDelay(20)).toBe(60_000)
  })

  it('sends at once on `online`, whatever the backoff', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const send = vi
      .fn<(item: OutboxItem) => Promise<unknown>>()
      .mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')))
      .mockResolvedValue({ code: 200 })
    const box = make({ send })
    box.start()
    await box.enqueue(write('2026-11-20', 8), KEY)
    await settle(box)
    expect(box.getSnapshot().items).toHaveLength(1)
    window.dispatchEvent(new Event('online'))
    await settle(box)
    expect(send).toHaveBeenCalledTimes(2)
    expect(box.getSnapshot().items).toEqual([])
  })

  it('drops a 4xx from the queue, keeps it visible with the server message and rolls back the optimistic change', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(KEY, { '2026-11-19': 6 })
    const send = vi.fn<(item: OutboxItem) => Promise<unknown>>().mockResolvedValue({ code: 200 })
    const rejected: string[] = []
    const box = make({ send })
    box.connect(queryClient)
    // Held back until both are queued.
    const gate = deferred()
    send.mockImplementationOnce(async () => {
      await gate.promise
      throw new ApiError(400, 'Érvénytelen dátum.')
    })
    await box.enqueue(write('2026-02-30', 8), KEY, { onRejected: (_item, message) => rejected.push(message) })
    await box.enqueue(write('2026-11-20', 4), KEY)
    expect(box.withPending(KEY, queryClient.getQueryData(KEY))).toEqual({
      '2026-11-19': 6,
      '2026-02-30': 8,
      '2026-11-20': 4,
    })
    gate.resolve(undefined)
    await settle(box)

    expect(rejected).toEqual(['Érvénytelen dátum.'])
    const state = box.getSnapshot()
    expect(state.items).toEqual([])
    expect(state.rejected).toEqual([
      expect.objectContaining({ status: 'rejected', lastError: 'Érvénytelen dátum.', attempts: 1 }),
    ])
    // The refused write is gone from the view; the next one was sent and is in the cache.
    expect(box.withPending(KEY, queryClient.getQueryData(KEY))).toEqual({ '2026-11-19': 6, '2026-11-20': 4 })
    expect(send).toHaveBeenCalledTimes(2)

    await box.dismiss(state.rejected[0].id)
    expect(box.getSnapshot().rejected).toEqual([])
    expect(await entries(store)).toEqual([])
  })

  it('a fetch started before a write was applied cannot put the older answer back once the write is accepted', async () => {
    // The register's rapid taps (issue 20): a refetch leaves before the server applies a write and lands after the
    // write has left the queue; the screen then showed the day without it, and the next tap cycled from that.
    const queryClient = new QueryClient()
    const server: Hours = { '2026-11-19': 6 }
    queryClient.setQueryData(KEY, { ...server })
    const send = vi.fn(async (item: OutboxItem) => {
      Object.assign(server, setHours(server, item.body))
      return { code: 200 }
    })
    const box = make({ send })
    box.connect(queryClient)
    const slow = deferred()
    const older = queryClient
      .fetchQuery({
        queryKey: KEY,
        staleTime: 0,
        queryFn: async () => {
          const answer = { ...server }
          await slow.promise
          return answer
        },
      })
      .catch(() => 'cancelled')
    await box.enqueue(write('2026-11-20', 4), KEY)
    await settle(box)
    expect(box.getSnapshot().items).toEqual([])
    slow.resolve(undefined)
    await older
    await settle(box)
    expect(box.withPending(KEY, queryClient.getQueryData(KEY))).toEqual({ '2026-11-19': 6, '2026-11-20': 4 })
  })

  it('on a 401 keeps the queue as it is and stops sending', async () => {
    const send = vi.fn<(item: OutboxItem) => Promise<unknown>>().mockResolvedValue({ code: 200 })
    const box = make({ send })
    const gate = deferred()
    send.mockImplementationOnce(async () => {
      await gate.promise
      throw new ApiError(401, 'Nem vagy bejelentkezve.')
    })
    await box.enqueue(write('2026-11-20', 8), KEY)
    await box.enqueue(write('2026-11-21', 8), KEY)
    gate.resolve(undefined)
    await settle(box)
    expect(send).toHaveBeenCalledTimes(1)
    expect(box.getSnapshot().items.map((item) => [item.attempts, item.status, item.lastError])).toEqual([
      [0, 'waiting', null],
      [0, 'waiting', null],
    ])
    expect(box.getSnapshot().rejected).toEqual([])
    expect(await entries(store)).toHaveLength(2)
  })

  it('survives a reload: a new outbox finds the waiting items in order', async () => {
    const first = make({ send: () => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))) })
    await first.enqueue(write('2026-11-20', 8), KEY)
    await first.enqueue(write('2026-11-21', 7.5), KEY)
    await settle(first)
    first.stop()
    const sent: unknown[] = []
    const second = make({ send: async (item) => void sent.push(item.body) })
    await second.flush()
    await settle(second)
    expect(sent).toEqual([
      { date: '2026-11-20', hours: 8 },
      { date: '2026-11-21', hours: 7.5 },
    ])
  })

  it("never sends or shows another user's items, and deletes them", async () => {
    const first = make({ send: () => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))) })
    await first.enqueue(write('2026-11-20', 8), KEY)
    await settle(first)
    first.stop()
    const send = vi.fn(async () => ({ code: 200 }))
    const second = make({ send, owner: async () => 'owner-b' })
    await second.flush()
    await settle(second)
    expect(send).not.toHaveBeenCalled()
    expect(second.getSnapshot().items).toEqual([])
    expect(await entries(store)).toEqual([])
  })

  it('gives its waiting items (not the refused ones) to the 401 rule, and adopts parked ones as the new session’s', async () => {
    const send = vi
      .fn<(item: OutboxItem) => Promise<unknown>>()
      .mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')))
    const first = make({ send })
    await first.enqueue(write('2026-11-20', 8), KEY)
    await first.enqueue(write('2026-11-21', 4), KEY)
    await settle(first)
    const waiting = await first.waitingItems()
    expect(waiting.map((item) => item.body)).toEqual([
      { date: '2026-11-20', hours: 8 },
      { date: '2026-11-21', hours: 4 },
    ])
    first.stop()
    await clear(store)

    const sent: OutboxItem[] = []
    const second = make({
      owner: async () => 'owner-next-session',
      send: async (item) => void sent.push(item),
    })
    await second.adopt(waiting)
    await settle(second)
    expect(sent.map((item) => [item.id, item.owner, item.body])).toEqual(
      waiting.map((item) => [item.id, 'owner-next-session', item.body]),
    )
    expect(await entries(store)).toEqual([])
  })

  it('with two tabs, the one holding the lock sends and each item goes out once (Web Locks)', async () => {
    const held = new Set<string>()
    const locks: LockManagerLike = {
      async request(name, _options, callback) {
        if (held.has(name)) return callback(null)
        held.add(name)
        try {
          return await callback({ name })
        } finally {
          held.delete(name)
        }
      },
    }
    const sent: string[] = []
    const gate = deferred()
    const send = async (item: OutboxItem) => {
      await gate.promise
      sent.push(item.id)
    }
    const tabA = make({ send, lock: webLock(locks) })
    const tabB = make({ send, lock: webLock(locks) })
    const a = await tabA.enqueue(write('2026-11-20', 8), KEY)
    const b = await tabB.enqueue(write('2026-11-21', 8), KEY)
    void tabA.flush()
    void tabB.flush()
    gate.resolve(undefined)
    await settle(tabA)
    await settle(tabB)
    await tabA.flush()
    await tabB.flush()
    await settle(tabA)
    expect(sent.sort()).toEqual([a.id, b.id].sort())
    expect(await entries(store)).toEqual([])
  })

  it('with two tabs and no Web Locks, a lease in localStorage lets one tab send', async () => {
    const sent: string[] = []
    const gate = deferred()
    const send = async (item: OutboxItem) => {
      await gate.promise
      sent.push(item.id)
    }
    const tabA = make({ send, lock: leaseLock(localStorage, 'tab-a') })
    const tabB = make({ send, lock: leaseLock(localStorage, 'tab-b') })
    const a = await tabA.enqueue(write('2026-11-20', 8), KEY)
    const b = await tabB.enqueue(write('2026-11-21', 8), KEY)
    // Tab A holds the lease while it waits on the gate: tab B's flush gives way.
    await tabB.flush()
    gate.resolve(undefined)
    await settle(tabA)
    await tabB.flush()
    await settle(tabB)
    expect(sent.sort()).toEqual([a.id, b.id].sort())
    expect(new Set(sent).size).toBe(2)
  })

  it('keeps nothing of a write that was being stored when it stopped (a wipe follows a stop)', async () => {
    // The write's IndexedDB put waits on the gate; stop() comes meanwhile, as a Kijelentkezés would.
    const gate = deferred()
    const slowStore: UseStore = (mode, callback) => gate.promise.then(() => store(mode, callback))
    const box = make({ store: slowStore })
    const stored = box.enqueue(write('2026-11-20', 8), KEY)
    await new Promise((resolve) => setImmediate(resolve))
    box.stop()
    gate.resolve(undefined)
    await expect(stored).rejects.toThrow()
    expect(box.getSnapshot().items).toEqual([])
    expect(await entries(store)).toEqual([])
  })

  it('is wiped with the user data: a wipe stops it and empties the queue', async () => {
    // The app's outbox, sending to an API that is not there (the write stays queued).
    localStorage.setItem('token', 'tok-a')
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    const appStore = createStore(OUTBOX_DATABASE, OUTBOX_STORE)
    await outbox.enqueue(write('2026-11-20', 8), KEY)
    await settle(outbox)
    expect(await entries(appStore)).toHaveLength(1)
    expect(outbox.getSnapshot().items).toHaveLength(1)
    await wipeUserData()
    expect(outbox.getSnapshot().items).toEqual([])
    expect(await entries(appStore)).toEqual([])
    // Stopped: nothing is sent or written back after the wipe.
    await outbox.flush()
    expect(await entries(appStore)).toEqual([])
    vi.unstubAllGlobals()
  })
})
