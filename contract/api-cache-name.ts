/**
 * The name of one user's API cache in Cache Storage (DESIGN §5, shared tablets). The page (to wipe it) and the
 * service worker (to fill it) must compute the same name, so it lives here.
 *
 * The name is `api-` plus the first 16 hex digits of SHA-256 of the session token: two users on one tablet never
 * share a cache, and the token itself never appears in a cache name.
 */
import { tokenFromAuthorization } from './http'
import { sha256Hex } from './sha256'

/** Every per-user API cache starts with this; nothing else in Cache Storage does. */
export const API_CACHE_PREFIX = 'api-'

/** True for a per-user API cache name (and false for the precache and anything else). */
export function isApiCacheName(name: string): boolean {
  return name.startsWith(API_CACHE_PREFIX)
}

/**
 * `api-<first 16 hex of sha256(token)>`. Works in the page, the service worker and Node, and on a plain-http page
 * too (no `crypto.subtle` there; the outbox still names its owner by it).
 */
export async function apiCacheName(token: string): Promise<string> {
  const hex = await sha256Hex(token)
  return `${API_CACHE_PREFIX}${hex.slice(0, 16)}`
}

/** The cache name for a request's Authorization header value, or null when it carries no token (never cached). */
export async function apiCacheNameForAuthorization(
  authorization: string | null | undefined,
): Promise<string | null> {
  const token = tokenFromAuthorization(authorization)
  return token ? apiCacheName(token) : null
}
