/**
 * The page's side of the worker's late 401 (contract/sw-protocol.ts `API_UNAUTHORIZED`): the worker showed a cached
 * answer because the network was slow, and the network then said 401. If the 401 was for this page's session (the
 * cache name is the session token's), the page applies the spec's 401 rule, as for a 401 answer.
 */
import { apiCacheName } from '@contract/api-cache-name'
import { isApiUnauthorizedMessage } from '@contract/sw-protocol'
import { getToken } from '../lib/session'

type Container = Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'>

/** Calls `onUnauthorized` when the worker reports a 401 for this page's session. Returns the unsubscribe function. */
export function listenForWorkerUnauthorized(
  container: Container,
  onUnauthorized: () => void,
  token: () => string | null = getToken,
): () => void {
  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data
    if (!isApiUnauthorizedMessage(data)) return
    const current = token()
    if (!current) return
    void apiCacheName(current).then((name) => {
      if (name === data.cacheName) onUnauthorized()
    })
  }
  container.addEventListener('message', onMessage as EventListener)
  return () => container.removeEventListener('message', onMessage as EventListener)
}
