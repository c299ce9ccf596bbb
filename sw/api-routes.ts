/**
 * Which API answers the service worker keeps for offline use, and which writes make them stale (DESIGN §5).
 * Paths are relative to the backend base URL (`/api` on the page's origin by default), without the query string.
 * The routes themselves are contract/api-resources.ts's table; this file adds the URL handling the worker needs.
 */
import { compiledApiResources, matchApiResource, type CompiledApiResource } from '../contract/api-resources'

/** A cached API resource of contract/api-resources.ts, its templates compiled to patterns. */
export type ApiRoute = CompiledApiResource

/** Every cached route, in table order: the service worker and the page read the same table. */
export const API_ROUTES: readonly ApiRoute[] = compiledApiResources()

/** Strips trailing slashes so `https://x/api/` and `https://x/api` are the same base. */
export function normaliseBase(base: string): string {
  return base.replace(/\/+$/, '')
}

/**
 * The request's path relative to the backend base (`/students/`), or null when the URL is not under the base.
 * The query string is not part of the path.
 */
export function apiPathOf(url: string | URL, base: string): string | null {
  let target: URL
  let root: URL
  try {
    target = new URL(url)
    root = new URL(normaliseBase(base))
  } catch {
    return null
  }
  if (target.origin !== root.origin) return null
  const rootPath = root.pathname.replace(/\/+$/, '')
  if (target.pathname === rootPath) return '/'
  if (!target.pathname.startsWith(`${rootPath}/`)) return null
  return target.pathname.slice(rootPath.length)
}

/** The cached route for a GET path, or null (not cached: unknown endpoint or `auth/*`). */
export function matchApiRoute(path: string): ApiRoute | null {
  return matchApiResource(path)
}

/** True when a write to `writePath` makes the cached GET at `cachedPath` stale. */
export function isRefreshedBy(writePath: string, cachedPath: string): boolean {
  const route = matchApiRoute(cachedPath)
  if (!route) return false
  const cached = route.sameParamsOnly ? namedParams(route.params, route.pattern.exec(cachedPath)) : null
  return route.refreshedBy.some((pattern, index) => {
    const match = pattern.exec(writePath)
    if (!match) return false
    if (!cached) return true
    // Only the parameters both templates name are compared ('/groups/:groupId' against a seating's groupId).
    const written = namedParams(route.refreshedByParams[index] ?? [], match)
    return [...written].every(([name, value]) => !cached.has(name) || cached.get(name) === value)
  })
}

function namedParams(names: readonly string[], match: RegExpExecArray | null): Map<string, string> {
  return new Map(names.map((name, index) => [name, match?.[index + 1] ?? '']))
}
