/**
 * The one API a screen writes through the outbox with (DESIGN §5):
 *
 *   const save = useQueuedMutation({ key: workHoursQuery.queryKey, request, optimistic })
 *   const shown = save.withPending(query.data)          // the cached data plus the waiting writes
 *   await save.mutate(values, { onSent, onRejected, onDeferred })
 *
 * `mutate` resolves once the write is stored (it survives a reload); the callbacks follow its fate. The optimistic
 * view is the query's data with every waiting write applied, so a refetch (from the server or the service worker's
 * cache) never hides a write that is still waiting, and a refused write drops out of it (the rollback). When the
 * server accepts a write, its change is written into the query's cache and the query refetches.
 */
import type { QueryKey } from '@tanstack/react-query'
import { useCallback } from 'react'
import { outbox, type ItemCallbacks, type Optimistic } from './outbox'
import type { OutboxItem, QueuedRequest } from './outbox-item'
import { useOutboxState } from './use-outbox'

export interface QueuedMutationOptions<TVariables, TBody, TCached> {
  /** The query the write changes. */
  key: QueryKey
  /** The HTTP request for `variables` and its label in the outbox panel. */
  request: (variables: TVariables) => QueuedRequest & { body: TBody }
  /**
   * The query's data with one write applied. Idempotent (set, not append); `current` is undefined when uncached.
   * `item` is the queued write (its url names the record when the body does not).
   */
  optimistic: (current: TCached | undefined, body: TBody, item: OutboxItem) => TCached
}

export function useQueuedMutation<TVariables, TBody, TCached>({
  key,
  request,
  optimistic,
}: QueuedMutationOptions<TVariables, TBody, TCached>) {
  // Registered on every render (a Map set): the outbox applies it to items from before a reload too.
  outbox.registerOptimistic(key, optimistic as Optimistic)
  const state = useOutboxState()
  const keyHash = JSON.stringify(key)

  const mutate = useCallback(
    (variables: TVariables, callbacks?: ItemCallbacks): Promise<OutboxItem> =>
      outbox.enqueue(request(variables), key, callbacks),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key by value, not by identity
    [keyHash, request],
  )
  const withPending = useCallback(
    (data: TCached | undefined): TCached | undefined => outbox.withPending(key, data, state),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key by value, not by identity
    [keyHash, state],
  )
  const pending = state.items.filter((item) => JSON.stringify(item.queryKey) === keyHash)
  return { mutate, withPending, pending }
}
