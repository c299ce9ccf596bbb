/**
 * Which API answers the service worker keeps for offline use, and which writes make them stale (DESIGN §5).
 * Paths are relative to the backend base URL (`/api` on the page's origin by default), without the query string.
 */

export interface ApiRoute {
  /** A stable name for the endpoint; the page maps it to its query (see contract/sw-protocol.ts). */
  id: string
  /** The GET paths this route caches. */
  pattern: RegExp
  /** Write paths (POST/PUT/DELETE) after which cached entries of this route are re-fetched. */
  refreshedBy: RegExp[]
  /** Refresh only the cached entry whose path equals the write's path (seating is saved per group). */
  samePathOnly?: boolean
}

const groupsWrite = /^\/groups(\/.*)?$/
const classroomsWrite = /^\/classrooms(\/[^/]+)?\/?$/

export const API_ROUTES: readonly ApiRoute[] = [
  { id: 'dashboard', pattern: /^\/dashboard\/?$/, refreshedBy: [/^\/dashboard\/?$/, /^\/auth\/setmfa\/?$/] },
  { id: 'userSettings', pattern: /^\/dashboard\/userSettings\/?$/, refreshedBy: [/^\/dashboard\/userSettings\/?$/] },
  { id: 'students', pattern: /^\/students\/?$/, refreshedBy: [/^\/students\/?$/, /^\/users(\/.*)?$/] },
  { id: 'alerts', pattern: /^\/alerts\/?$/, refreshedBy: [/^\/alerts(\/.*)?$/] },
  { id: 'groupsInstructor', pattern: /^\/groups\/instructor\/?$/, refreshedBy: [groupsWrite] },
  { id: 'groups', pattern: /^\/groups\/?$/, refreshedBy: [groupsWrite] },
  { id: 'classrooms', pattern: /^\/classrooms\/?$/, refreshedBy: [classroomsWrite] },
  { id: 'classroom', pattern: /^\/classrooms\/[^/]+\/?$/, refreshedBy: [classroomsWrite] },
  {
    id: 'seating',
    pattern: /^\/classrooms\/[^/]+\/groups\/[^/]+\/seating\/?$/,
    refreshedBy: [/^\/classrooms\/[^/]+\/groups\/[^/]+\/seating\/?$/],
    samePathOnly: true,
  },
  // POST /notes carries the group id in its body, so every cached group's notes are refreshed (there are few).
  { id: 'notes', pattern: /^\/notes\/[^/]+\/?$/, refreshedBy: [/^\/notes(\/.*)?$/, groupsWrite] },
  { id: 'workHours', pattern: /^\/work\/hours\/?$/, refreshedBy: [/^\/work\/hours(\/.*)?$/] },
  { id: 'links', pattern: /^\/links\/?$/, refreshedBy: [/^\/links(\/.*)?$/] },
  { id: 'proxyBlock', pattern: /^\/proxy\/block\/?$/, refreshedBy: [/^\/proxy\/block\/?$/] },
]

/** `auth/*` answers (login, MFA, logout) are never cached. */
export function isAuthPath(path: string): boolean {
  return /^\/auth(\/|$)/.test(path)
}

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
  if (isAuthPath(path)) return null
  return API_ROUTES.find((route) => route.pattern.test(path)) ?? null
}

/** True when a write to `writePath` makes the cached GET at `cachedPath` stale. */
export function isRefreshedBy(writePath: string, cachedPath: string): boolean {
  const route = matchApiRoute(cachedPath)
  if (!route) return false
  if (!route.refreshedBy.some((pattern) => pattern.test(writePath))) return false
  if (route.samePathOnly) return trimSlash(writePath) === trimSlash(cachedPath)
  return true
}

function trimSlash(path: string): string {
  return path.replace(/\/+$/, '') || '/'
}
