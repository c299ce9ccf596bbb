/**
 * BroadcastUpdate-style notification: when the worker stores an answer that differs from the cached one it served
 * (the network missed its deadline, ./api-strategy.ts), tell the page which endpoint changed so it refetches that
 * query.
 */
import type { ApiCacheUpdatedMessage } from '../contract/sw-protocol'
import { apiPathOf, matchApiRoute } from './api-routes'

/** Same ETag means same content; without ETags on both, the bodies are compared. */
export async function sameContent(first: Response, second: Response): Promise<boolean> {
  const a = first.headers.get('ETag')
  const b = second.headers.get('ETag')
  if (a && b) return a === b
  const [textA, textB] = await Promise.all([first.clone().text(), second.clone().text()])
  return textA === textB
}

/** The message for a changed cached answer, or null when the URL is not a cached API route. */
export function cacheUpdatedMessage(url: string, base: string): ApiCacheUpdatedMessage | null {
  const path = apiPathOf(url, base)
  const route = path === null ? null : matchApiRoute(path)
  if (!route || path === null) return null
  return { type: 'API_CACHE_UPDATED', routeId: route.id, path, url }
}
