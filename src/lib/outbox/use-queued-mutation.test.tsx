import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ItemCallbacks } from './outbox'
import type { OutboxItem } from './outbox-item'
import { useQueuedMutation } from './use-queued-mutation'

// The hook's one rule for what the user is told, against a stand-in outbox: each enqueue keeps its callbacks.
const fake = vi.hoisted(() => {
  let state = { items: [] as unknown[], rejected: [] as unknown[], flushing: false }
  const listeners = new Set<() => void>()
  return {
    get state() {
      return state
    },
    /** A change of the outbox, as its setState makes one: a new state object, the listeners told. */
    change(next: Partial<typeof state>) {
      state = { ...state, ...next }
      for (const listener of listeners) listener()
    },
    calls: [] as { callbacks: ItemCallbacks }[],
    fail: false,
    outbox: {
      registerOptimistic: () => {},
      subscribe: (listener: () => void) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      getSnapshot: () => state,
      withPending: (_key: unknown, data: unknown) => data,
      enqueue: async (_request: unknown, _key: unknown, callbacks: ItemCallbacks) => {
        if (fake.fail) throw new Error('Nincs bejelentkezett felhasználó.')
        fake.calls.push({ callbacks })
        return { id: `item-${fake.calls.length}` }
      },
    },
  }
})
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('./outbox', () => ({ outbox: fake.outbox }))
vi.mock('../notify', () => ({ notify: toast }))

type Write = { kind: 'a' | 'b' }
const KEY = ['things'] as const
const item = (id: string) => ({ id, queryKey: [...KEY] }) as unknown as OutboxItem

function render(messages: Parameters<typeof useQueuedMutation<Write, unknown, unknown>>[0]['messages']) {
  return renderHook(() =>
    useQueuedMutation<Write, unknown, unknown>({
      key: KEY,
      request: (write) => ({ method: 'POST', url: `/things/${write.kind}`, body: write, label: write.kind }),
      optimistic: (current) => current,
      messages,
    }),
  ).result.current
}

const MESSAGES = {
  sent: (write: Write) => `elküldve ${write.kind}`,
  failed: (write: Write) => `hiba ${write.kind}`,
  queued: (write: Write) => `vár ${write.kind}`,
}

beforeEach(() => {
  fake.calls.length = 0
  fake.change({ items: [], flushing: false })
  fake.fail = false
})
afterEach(() => {
  vi.clearAllMocks()
  vi.useRealTimers()
})

describe('useQueuedMutation messages', () => {
  it('tells sent, queued (network) and failed (server error) from the write, then runs the screen callbacks', async () => {
    const save = render(MESSAGES)
    const onSent = vi.fn()
    await save.mutate({ kind: 'b' }, { onSent })
    const { callbacks } = fake.calls[0]
    callbacks.onDeferred?.(item('item-1'), 'network')
    callbacks.onDeferred?.(item('item-1'), 'server')
    callbacks.onSent?.(item('item-1'))
    expect(toast.info).toHaveBeenCalledWith('vár b')
    expect(toast.error).toHaveBeenCalledWith('hiba b')
    expect(toast.success).toHaveBeenCalledWith('elküldve b')
    expect(onSent).toHaveBeenCalledTimes(1)
  })

  it("shows a refusal's server message only with serverMessage, and the failed text when it gave none", async () => {
    const hidden = render(MESSAGES)
    await hidden.mutate({ kind: 'a' })
    fake.calls[0].callbacks.onRejected?.(item('item-1'), 'Érvénytelen adat.')
    expect(toast.error).toHaveBeenLastCalledWith('hiba a')

    const shown = render({ ...MESSAGES, serverMessage: true })
    await shown.mutate({ kind: 'a' })
    fake.calls[1].callbacks.onRejected?.(item('item-2'), 'Érvénytelen adat.')
    expect(toast.error).toHaveBeenLastCalledWith('Hiba történt: Érvénytelen adat.')
    await shown.mutate({ kind: 'a' })
    fake.calls[2].callbacks.onRejected?.(item('item-3'), '')
    expect(toast.error).toHaveBeenLastCalledWith('hiba a')
  })

  it('says nothing while a write waits when there is no queued text, not even for a server error', async () => {
    const save = render({ failed: 'hiba' })
    await save.mutate({ kind: 'a' })
    fake.calls[0].callbacks.onDeferred?.(item('item-1'), 'network')
    fake.calls[0].callbacks.onDeferred?.(item('item-1'), 'server')
    fake.calls[0].callbacks.onSent?.(item('item-1'))
    expect(toast.info).not.toHaveBeenCalled()
    expect(toast.error).not.toHaveBeenCalled()
    expect(toast.success).not.toHaveBeenCalled()
  })

  it('tells failed and rejects when the write could not be stored', async () => {
    const save = render(MESSAGES)
    fake.fail = true
    await expect(save.mutate({ kind: 'a' })).rejects.toThrow('Nincs bejelentkezett felhasználó.')
    expect(toast.error).toHaveBeenCalledWith('hiba a')
  })

  it('burst: one queued toast until a write is sent, one sent toast for the last write, none within 5 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'))
    const save = render({ ...MESSAGES, burst: true })
    await save.mutate({ kind: 'a' })
    await save.mutate({ kind: 'a' })
    const [first, second] = fake.calls.map((call) => call.callbacks)
    first.onDeferred?.(item('item-1'), 'network')
    second.onDeferred?.(item('item-2'), 'network')
    expect(toast.info).toHaveBeenCalledTimes(1)

    fake.state.items = [item('item-2')]
    first.onSent?.(item('item-1'))
    expect(toast.success).not.toHaveBeenCalled()
    fake.state.items = []
    second.onSent?.(item('item-2'))
    expect(toast.success).toHaveBeenCalledTimes(1)

    await save.mutate({ kind: 'a' })
    const third = fake.calls[2].callbacks
    third.onDeferred?.(item('item-3'), 'network')
    expect(toast.info).toHaveBeenCalledTimes(2)
    vi.setSystemTime(new Date('2026-11-27T10:00:04Z'))
    third.onSent?.(item('item-3'))
    expect(toast.success).toHaveBeenCalledTimes(1)
    await save.mutate({ kind: 'a' })
    vi.setSystemTime(new Date('2026-11-27T10:00:06Z'))
    fake.calls[3].callbacks.onSent?.(item('item-4'))
    expect(toast.success).toHaveBeenCalledTimes(2)
  })
})

describe('useQueuedMutation pending writes', () => {
  it("renders again when its own query's writes change, not on another query's or the sending flag", () => {
    let renders = 0
    const { result } = renderHook(() => {
      renders++
      return useQueuedMutation<Write, unknown, unknown>({
        key: KEY,
        request: (write) => ({
          method: 'POST',
          url: `/things/${write.kind}`,
          body: write,
          label: write.kind,
        }),
        optimistic: (current) => current,
        messages: MESSAGES,
      })
    })
    const first = result.current.pending
    const before = renders
    const other = { id: 'other', queryKey: ['notes', 'g1'] } as unknown as OutboxItem
    act(() => fake.change({ items: [other], flushing: true }))
    act(() => fake.change({ items: [], flushing: false }))
    expect(renders).toBe(before)
    expect(result.current.pending).toBe(first)

    const own = item('own')
    act(() => fake.change({ items: [other, own] }))
    expect(renders).toBe(before + 1)
    expect(result.current.pending).toEqual([own])
    act(() => fake.change({ flushing: true }))
    expect(renders).toBe(before + 1)
  })
})
