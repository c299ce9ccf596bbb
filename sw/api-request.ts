/**
 * Decides what the service worker does with a request (DESIGN §5): cache an API GET stale-while-revalidate,
 * refresh cached GETs after a write, or leave it to the browser. Pure, so it is tested without a worker.
 */
import { AUTH_HEADER, tokenFromAuthorization } from '../contract/http'
import { API_ROUTES, apiPathOf, matchApiRoute, type ApiRoute } from './api-routes'

export type ApiRequestPlan =
  { kind: 'cache'; route: ApiRoute; path: string } | { kind: 'write'; path: string } | { kind: 'none' }

interface RequestLike {
  method: string
  url: string
  headers: Headers
}

const NONE: ApiRequestPlan = { kind: 'none' }

/** True when a write to `path` can make some cached route stale. */
export function writeRefreshesSomething(path: string): boolean {
  return API_ROUTES.some((route) => route.refreshedBy.some((pattern) => pattern.test(path)))
}

/**
 * What to do with `request`, given the backend base URL:
 * - not under the base, or without a token (the cache is per user) → none;
 * - GET of a cached route (never `auth/*`) → cache;
 * - a write whose path makes a cached route stale → write (refresh before answering);
 * - anything else → none.
 */
export function planApiRequest(request: RequestLike, base: string): ApiRequestPlan {
  const path = apiPathOf(request.url, base)
  if (path === null) return NONE
  if (!tokenFromAuthorization(request.headers.get(AUTH_HEADER))) return NONE
  const method = request.method.toUpperCase()
  if (method === 'GET') {
    const route = matchApiRoute(path)
    return route ? { kind: 'cache', route, path } : NONE
  }
  if (method === 'HEAD' || method === 'OPTIONS') return NONE
  return writeRefreshesSomething(path) ? { kind: 'write', path } : NONE
}

/** Accepts only absolute http(s) URLs as a backend base; returns it without trailing slashes, or null. */
export function parseBackendBase(value: unknown): string | null {
  if (typeof value !== 'string') return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.search || url.hash) return null
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  } catch {
    return null
  }
}
