/**
 * The page's side of the worker's update notices: when a cached API answer changed, refetch the query that shows it.
 * Query keys start with the route id of sw/api-routes.ts (`['students']`, `['userSettings']`, `['notes', id]`…),
 * so a notice invalidates every query under that first key.
 */
import type { QueryClient } from '@tanstack/react-query'
import { isSwToPageMessage, type ApiCacheUpdatedMessage } from '../../contract/sw-protocol'

type Listener = (message: ApiCacheUpdatedMessage) => void

const listeners = new Set<Listener>()
let listening = false

function onMessage(event: MessageEvent): void {
  const data: unknown = event.data
  if (!isSwToPageMessage(data)) return
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

/** Refetches the queries under `[routeId]` whenever the worker reports a changed cached answer. */
export function connectQueryClientToCacheUpdates(client: Pick<QueryClient, 'invalidateQueries'>): () => void {
  return subscribeApiCacheUpdates((message) => {
    if (message.routeId) void client.invalidateQueries({ queryKey: [message.routeId] })
  })
}

/** Tests only: deliver a message as if the worker had posted it. */
export function dispatchApiCacheMessageForTests(data: unknown): void {
  onMessage(new MessageEvent('message', { data }))
}
