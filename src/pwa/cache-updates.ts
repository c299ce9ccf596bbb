/**
 * The page's side of the worker's update notices: when a cached API answer changed, refetch the queries that show it.
 * Query keys come from contract/api-resources.ts (`queryKeyOf('students')`, `queryKeyOf('notes', groupId)`), the
 * table the worker caches by, so a notice for `/notes/g1` invalidates exactly the queries under `['notes', 'g1']`.
 */
import type { QueryClient } from '@tanstack/react-query'
import { queryKeyForPath } from '@contract/api-resources'
import { isApiCacheUpdatedMessage, type ApiCacheUpdatedMessage } from '@contract/sw-protocol'

type Listener = (message: ApiCacheUpdatedMessage) => void

const listeners = new Set<Listener>()
let listening = false

function onMessage(event: MessageEvent): void {
  const data: unknown = event.data
  if (!isApiCacheUpdatedMessage(data)) return
  for (const listener of listeners) listener(data)
}

/** Calls `listener` for each API cache update the worker reports. Returns the unsubscribe function. */
export function subscribeApiCacheUpdates(listener: Listener): () => void {
  if (!listening && typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', onMessage)
    listening = true
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The query key prefix a notice refreshes: the path's key, or all of the resource's queries if the path is unknown. */
export function queryKeyOfNotice(message: ApiCacheUpdatedMessage): readonly unknown[] {
  const key = queryKeyForPath(message.path)
  // A worker from another release may cache by another table: its resource id is what it means.
  return key && key[0] === message.routeId ? key : [message.routeId]
}

/**
 * Refetches the queries showing the cached answer whenever the worker reports that it changed. A fetch still running
 * is cancelled first: it may carry the older answer the worker gave at once, and a query's first fetch (no data yet)
 * would otherwise be joined, not restarted, by the refetch — the notice lost and the older answer kept on screen.
 * The worker reports after storing the fresh answer, so the new fetch gets it.
 */
export function connectQueryClientToCacheUpdates(
  client: Pick<QueryClient, 'invalidateQueries' | 'cancelQueries'>,
): () => void {
  return subscribeApiCacheUpdates((message) => {
    const queryKey = queryKeyOfNotice(message)
    // Only a first fetch is cancelled: a query with data is refetched by the invalidation itself (TanStack restarts
    // its running fetch), and cancelling one would put its previous pages back for a moment (an infinite list).
    void client
      .cancelQueries({ queryKey, predicate: (query) => query.state.data === undefined })
      .catch(() => undefined)
      .then(() => client.invalidateQueries({ queryKey }))
  })
}

type Container = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'>

/**
 * On a first visit the worker takes control of a page that is already running (`clientsClaim`), and everything the
 * page fetched before — the sign-in's dashboard, settings, the prefetched lists — went past it, uncached: a reload in
 * a dead zone would then find nothing. So when a page that had no worker gets one, every query in memory is fetched
 * again, once, through the worker, which caches the answers. A page already controlled at start does nothing.
 */
export function refetchWhenFirstControlled(
  container: Container,
  client: Pick<QueryClient, 'invalidateQueries'>,
): () => void {
  if (container.controller) return () => undefined
  const onControlled = () => {
    container.removeEventListener('controllerchange', onControlled)
    void client.invalidateQueries({ refetchType: 'all' })
  }
  container.addEventListener('controllerchange', onControlled)
  return () => container.removeEventListener('controllerchange', onControlled)
}

/** Tests only: deliver a message as if the worker had posted it. */
export function dispatchApiCacheMessageForTests(data: unknown): void {
  onMessage(new MessageEvent('message', { data }))
}
