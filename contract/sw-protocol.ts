/**
 * Messages between the page and the service worker (DESIGN §5). Plain data only: both sides post and check these
 * shapes, so a typo in a `type` is a type error instead of a silent no-op.
 */
import { isApiResourceId, type ApiResourceId } from './api-resources'

/** Page → SW: activate the waiting worker. Sent only when the user presses 'Frissítés'. */
export interface SkipWaitingMessage {
  type: 'SKIP_WAITING'
}

/**
 * Page → SW: the backend base URL the page talks to (the `backendUrl` setting, default `<origin>/api`). The SW
 * caches GETs and refreshes after writes only for requests under this base. The SW keeps it across restarts.
 */
export interface SetBackendUrlMessage {
  type: 'SET_BACKEND_URL'
  url: string
}

/**
 * Page → SW: the page is wiping the user's data (src/lib/offline/user-data.ts). The worker writes no answer of a
 * request that left before into an API cache any more (sw/api-cache-wipes.ts) and says so by posting the message back
 * on the port sent with it; the page deletes the caches after that.
 */
export interface ApiCacheWipeMessage {
  type: 'API_CACHE_WIPE'
}

export type PageToSwMessage = SkipWaitingMessage | SetBackendUrlMessage | ApiCacheWipeMessage

/**
 * SW → page (BroadcastUpdate-style): a cached API answer changed. `path` is relative to the backend base
 * (e.g. `/students/`, `/notes/42`), `routeId` names the cached resource (contract/api-resources.ts). The page
 * refetches the queries under the path's key (`queryKeyForPath`).
 */
export interface ApiCacheUpdatedMessage {
  type: 'API_CACHE_UPDATED'
  routeId: ApiResourceId
  path: string
  url: string
}

/**
 * SW → page: the network answered 401 to a cached GET after the worker had already served the cached copy (the
 * network missed its deadline). The worker has deleted the cache `cacheName` (`api-<hash(token)>`); a page whose
 * session token has that cache name applies the spec's 401 rule.
 */
export interface ApiUnauthorizedMessage {
  type: 'API_UNAUTHORIZED'
  cacheName: string
}

export type SwToPageMessage = ApiCacheUpdatedMessage | ApiUnauthorizedMessage

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** Narrows a `message` event's data to a page → SW message. */
export function isPageToSwMessage(data: unknown): data is PageToSwMessage {
  if (!isObject(data)) return false
  if (data.type === 'SKIP_WAITING' || data.type === 'API_CACHE_WIPE') return true
  return data.type === 'SET_BACKEND_URL' && typeof data.url === 'string'
}

/** Narrows a `message` event's data to a cache update notice. */
export function isApiCacheUpdatedMessage(data: unknown): data is ApiCacheUpdatedMessage {
  return (
    isObject(data) &&
    data.type === 'API_CACHE_UPDATED' &&
    isApiResourceId(data.routeId) &&
    typeof data.path === 'string' &&
    typeof data.url === 'string'
  )
}

/** Narrows a `message` event's data to the worker's late-401 notice. */
export function isApiUnauthorizedMessage(data: unknown): data is ApiUnauthorizedMessage {
  return isObject(data) && data.type === 'API_UNAUTHORIZED' && typeof data.cacheName === 'string'
}
