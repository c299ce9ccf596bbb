import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from './query-client'
import { writeMutation } from './write-mutation'

interface Item {
  id: string
  done: boolean
}

/** A query served from `server` (an in-memory "database"), and a mutation over it. */
function setup(save: (item: Item) => Promise<void>, optimistic = true) {
  const server: Item[] = [
    { id: 'a', done: false },
    { id: 'b', done: false },
  ]
  let fetches = 0
  const client = createQueryClient({ retry: false })
  const mutation = writeMutation<void, Item, Item[]>({
    mutationFn: async (item) => {
      await save(item)
      const index = server.findIndex((s) => s.id === item.id)
      server[index] = item
    },
    invalidates: [['items']],
    optimistic: optimistic
      ? { queryKey: ['items'], update: (items, item) => items.map((i) => (i.id === item.id ? item : i)) }
      : undefined,
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  const hook = renderHook(
    () => ({
      items: useQuery({
        queryKey: ['items'],
        queryFn: async () => {
          fetches++
          return server.map((item) => ({ ...item }))
        },
        staleTime: Infinity,
      }),
      save: useMutation(mutation),
    }),
    { wrapper },
  )
  return { ...hook, fetches: () => fetches }
}

function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('writeMutation', () => {
  it('shows the change at once, before the server answers', async () => {
    const answer = deferred()
    const { result } = setup(() => answer.promise)
    await waitFor(() => expect(result.current.items.data).toBeDefined())
    act(() => result.current.save.mutate({ id: 'a', done: true }))
    await waitFor(() => expect(result.current.items.data?.[0]).toEqual({ id: 'a', done: true }))
    expect(result.current.save.isPending).toBe(true)
    answer.resolve()
  })

  it('puts the list back as it was when the write fails', async () => {
    const answer = deferred()
    const { result } = setup(() => answer.promise)
    await waitFor(() => expect(result.current.items.data).toBeDefined())
    act(() => result.current.save.mutate({ id: 'a', done: true }))
    await waitFor(() => expect(result.current.items.data?.[0].done).toBe(true))
    answer.reject(new Error('offline'))
    await waitFor(() => expect(result.current.save.isError).toBe(true))
    expect(result.current.items.data).toEqual([
      { id: 'a', done: false },
      { id: 'b', done: false },
    ])
  })

  it('refetches the queries it changes once it settles, so the page shows what the server holds', async () => {
    const { result, fetches } = setup(async () => {}, false)
    await waitFor(() => expect(result.current.items.data).toBeDefined())
    expect(fetches()).toBe(1)
    await act(() => result.current.save.mutateAsync({ id: 'b', done: true }))
    await waitFor(() => expect(result.current.items.data?.[1]).toEqual({ id: 'b', done: true }))
    expect(fetches()).toBe(2)
  })

  it('refetches after a failure too, once', async () => {
    const { result, fetches } = setup(() => Promise.reject(new Error('500')))
    await waitFor(() => expect(result.current.items.data).toBeDefined())
    await act(() => result.current.save.mutateAsync({ id: 'a', done: true }).catch(() => {}))
    await waitFor(() => expect(fetches()).toBe(2))
    expect(result.current.items.data?.[0].done).toBe(false)
  })
})
