/**
 * The one API a screen writes through the outbox with (DESIGN §5). The example to copy is Munkaórák's
 * `src/features/work-hours/api/work-hours.ts` (the write) and `work-hours-screen.tsx` (its use):
 *
 *   const save = useQueuedMutation({ key: workHoursQuery().queryKey, request, optimistic, messages })
 *   const shown = save.withPending(query.data)          // the cached data plus the waiting writes
 *   save.mutate(values).catch(() => {})                 // the toasts come from `messages`
 *
 * `mutate` resolves once the write is stored (it survives a reload) and rejects when it could not be stored; the
 * toasts of its fate come from `messages`, one rule for every screen (below). Per-call callbacks (`onSent`,
 * `onRejected`, `onDeferred`) run after the toast, for what else a screen does. The optimistic view is the query's
 * data with every waiting write applied, so a refetch (from the server or the service worker's cache) never hides a
 * write that is still waiting, and a refused write drops out of it (the rollback). When the server accepts a write,
 * its change is written into the query's cache and the query refetches.
 */
import { hashKey, type QueryKey } from '@tanstack/react-query'
import { useCallback, useRef, useSyncExternalStore } from 'react'
import { notify } from '../notify'
import { outbox, type ItemCallbacks, type Optimistic } from './outbox'
import type { OutboxItem, QueuedRequest } from './outbox-item'

/** A toast's text: fixed, or made from the write's variables (one hook, several kinds of write). */
type WriteText<TVariables> = string | ((variables: TVariables) => string)

/**
 * What the user is told about a queued write. The rule, the same on every screen:
 *   - the server accepted it: `sent` (success), when given;
 *   - it waits for the network: `queued` (info), once per write; a 5xx while it waits: `failed` (error). Without
 *     `queued` nothing is said while it waits (the screen marks waiting writes in place, as Tantermek);
 *   - the server refused it (4xx): 'Hiba történt: {server message}' where the spec names the server's message for
 *     this write (`serverMessage`, e.g. Munkaórák) and the server gave one, else `failed`;
 *   - it could not even be stored (no IndexedDB, signed out meanwhile): `failed`, and `mutate` rejects.
 */
interface QueuedWriteMessages<TVariables> {
  sent?: WriteText<TVariables>
  failed: WriteText<TVariables>
  queued?: WriteText<TVariables>
  /** The spec shows the server's message for this write ('Hiba történt: {message}'). */
  serverMessage?: boolean
  /**
   * Many small writes in a row (the seating's drops): `queued` is told once until a write is sent, and `sent` only
   * for the last write of a burst and not again while the previous success toast still shows (spec §9: 5 s).
   */
  burst?: boolean
}

/** Spec §9: a toast closes after 5 seconds. */
const TOAST_MS = 5000

export interface QueuedMutationOptions<TVariables, TBody, TCached> {
  /** The query the write changes. */
  key: QueryKey
  /** The HTTP request for `variables` and its label in the outbox panel. */
  request: (variables: TVariables) => QueuedRequest & { body: TBody }
  /**
   * The query's data with one write applied. Idempotent: a set, not an append — it runs on every render for every
   * waiting write and once more when the server accepts it, so applying it twice must change nothing (a new record
   * goes in under an id made from its item or body, and is not added again when that id is there).
   * `current` is undefined when uncached; `item` is the queued write (its url names the record when the body does not).
   */
  optimistic: (current: TCached | undefined, body: TBody, item: OutboxItem) => TCached
  /** The toasts of the write's fate (see QueuedWriteMessages). */
  messages: QueuedWriteMessages<TVariables>
}

function textOf<TVariables>(text: WriteText<TVariables>, variables: TVariables): string {
  return typeof text === 'function' ? text(variables) : text
}

export function useQueuedMutation<TVariables, TBody, TCached>({
  key,
  request,
  optimistic,
  messages,
}: QueuedMutationOptions<TVariables, TBody, TCached>) {
  // Registered on every render (a Map set): the outbox applies it to items from before a reload too.
  outbox.registerOptimistic(key, optimistic as Optimistic)
  const keyHash = hashKey(key)
  const pending = usePendingWrites(keyHash)
  // The latest messages without making `mutate` change identity with every render's object literal.
  const latest = useRef(messages)
  latest.current = messages
  // `burst`: whether this burst's wait was told, and when the last success toast was shown.
  const toldQueued = useRef(false)
  const lastSentToast = useRef(-Infinity)

  const mutate = useCallback(
    async (variables: TVariables, callbacks: ItemCallbacks = {}): Promise<OutboxItem> => {
      const { sent, failed, queued, serverMessage, burst } = latest.current
      const told: ItemCallbacks = {
        onSent: (item) => {
          if (sent !== undefined && !(burst && laterOrRecent(item))) notify.success(textOf(sent, variables))
          callbacks.onSent?.(item)
        },
        onRejected: (item, message) => {
          notify.error(serverMessage && message ? `Hiba történt: ${message}` : textOf(failed, variables))
          callbacks.onRejected?.(item, message)
        },
        onDeferred: (item, reason) => {
          if (queued !== undefined) {
            if (reason === 'server') notify.error(textOf(failed, variables))
            else if (!(burst && toldQueued.current)) {
              toldQueued.current = true
              notify.info(textOf(queued, variables))
            }
          }
          callbacks.onDeferred?.(item, reason)
        },
      }
      /** `burst`: a later write of this query still waits, or the last success toast still shows. */
      function laterOrRecent(item: OutboxItem): boolean {
        toldQueued.current = false
        const later = outbox
          .getSnapshot()
          .items.some((other) => other.id !== item.id && hashKey(other.queryKey) === keyHash)
        const now = Date.now()
        if (later || now - lastSentToast.current < TOAST_MS) return true
        lastSentToast.current = now
        return false
      }
      try {
        return await outbox.enqueue(request(variables), key, told)
      } catch (error) {
        notify.error(textOf(failed, variables))
        throw error
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key by value, not by identity
    [keyHash, request],
  )
  const withPending = useCallback(
    (data: TCached | undefined): TCached | undefined => outbox.withPending(key, data, pending),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key by value, not by identity
    [keyHash, pending],
  )
  return { mutate, withPending, pending }
}

const NO_WRITES: readonly OutboxItem[] = []

/**
 * The waiting writes of one query, as one array that keeps its identity while they do not change: a screen renders
 * again when its own writes change, not on every change of the outbox (a register's tap used to render every group
 * card behind it, each with its notes' writes, several times: stored, sending, sent).
 */
function usePendingWrites(keyHash: string): readonly OutboxItem[] {
  const last = useRef<readonly OutboxItem[]>(NO_WRITES)
  const snapshot = useCallback(() => {
    const items = outbox.getSnapshot().items.filter((item) => hashKey(item.queryKey) === keyHash)
    const previous = last.current
    if (items.length === previous.length && items.every((item, at) => item === previous[at])) return previous
    last.current = items.length === 0 ? NO_WRITES : items
    return last.current
  }, [keyHash])
  return useSyncExternalStore(outbox.subscribe, snapshot, snapshot)
}
