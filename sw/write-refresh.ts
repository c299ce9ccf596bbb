/**
 * After a successful write, re-fetch the cached GETs it made stale, before the page gets its answer. Without this
 * a reload served stale-while-revalidate shows the old value once (a saved theme flips back).
 */
import { apiCacheNameForAuthorization } from '../contract/api-cache-name'
import { AUTH_HEADER } from '../contract/http'
import type { ApiCacheUpdatedMessage } from '../contract/sw-protocol'
import { writeUnlessWiped, type WipeTicket } from './api-cache-wipes'
import { apiPathOf, isRefreshedBy, matchApiRoute } from './api-routes'

export interface WriteRefreshOptions {
  /** The write's path relative to the backend base. */
  writePath: string
  /** The write's Authorization header: the refresh runs as the same user and fills the same user's cache. */
  authorization: string | null
  base: string
  caches: CacheStorage
  fetch: typeof fetch
  /** The worker's wipes and their count when the write left: a cache wiped since gets no refreshed entry. */
  left: WipeTicket
  /** Told about each entry that was refreshed, so the page refetches the matching query. */
  notify?: (message: ApiCacheUpdatedMessage) => void
  /** A refresh that takes longer is abandoned and its entry dropped. */
  timeoutMs?: number
}

/**
 * Refreshes every cached entry of the user's API cache that `writePath` makes stale. An entry whose refresh does
 * not answer 200 (or fails, or times out) is deleted: showing nothing offline is better than showing a value the
 * user has just changed. Returns how many entries were refreshed.
 */
export async function refreshAfterWrite(options: WriteRefreshOptions): Promise<number> {
  const { writePath, authorization, base, caches, left, notify, timeoutMs = 8000 } = options
  const cacheName = await apiCacheNameForAuthorization(authorization)
  if (!cacheName || !authorization || left.wipes.since(left.ticket)) return 0
  // Never create a cache here: a user without one has nothing stale.
  if (!(await caches.has(cacheName))) return 0
  const cache = await caches.open(cacheName)
  const stale = (await cache.keys()).filter((key) => {
    const path = apiPathOf(key.url, base)
    return path !== null && isRefreshedBy(writePath, path)
  })

  const results = await Promise.all(
    stale.map(async (key) => {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), timeoutMs)
      try {
        const response = await options.fetch(key.url, {
          headers: { [AUTH_HEADER]: authorization },
          cache: 'no-store',
          signal: controller.signal,
        })
        if (response.status !== 200) {
          await cache.delete(key)
          return false
        }
        // The user signed out meanwhile: the answer is not theirs to keep.
        if (!(await writeUnlessWiped(caches, cacheName, left, (fresh) => fresh.put(key, response))))
          return false
        const path = apiPathOf(key.url, base) ?? ''
        const route = matchApiRoute(path)
        if (route) notify?.({ type: 'API_CACHE_UPDATED', routeId: route.id, path, url: key.url })
        return true
      } catch {
        await cache.delete(key)
        return false
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  return results.filter(Boolean).length
}

/**
 * A streamed write's answer (NDJSON: the user import) is a 200 as soon as its progress starts, long before its
 * change lands. The page gets the progress as it comes; the refresh runs when the body has ended, and the body's
 * last chunk (the one with the answer) is held back until the refresh is done: the page sees the answer after the
 * refresh, as with every other write.
 */
export function refreshAfterStreamedWrite(response: Response, refresh: () => Promise<unknown>): Response {
  if (!response.body) return response
  let held: Uint8Array | null = null
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (held) controller.enqueue(held)
        held = chunk
      },
      async flush(controller) {
        await refresh().catch(() => 0)
        if (held) controller.enqueue(held)
      },
    }),
  )
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}
