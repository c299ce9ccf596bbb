/**
 * The cached API resources (DESIGN §5): the one table the service worker and the page both read.
 *
 * - The service worker caches a GET whose path matches a resource's `path` (sw/api-routes.ts), and after a write to
 *   one of its `refreshedBy` paths re-fetches it and posts `API_CACHE_UPDATED` with the resource's id.
 * - The page's query keys are built from the same ids (`queryKeyOf('students')`, `queryKeyOf('notes', groupId)`), so
 *   an update notice invalidates exactly the queries showing that answer (src/pwa/cache-updates.ts).
 *
 * Paths are relative to the backend base URL, without the query string. Path templates: a literal segment matches
 * itself, `:name` matches one segment (its value is the next part of the query key), a final `/**` matches the path
 * and anything under it, and a trailing slash is optional.
 *
 * Adding a cached resource: one entry here; its query's key is `queryKeyOf(id, ...pathParams)`.
 */

interface ResourceDefinition {
  /** The GET path template of the cached answer. */
  readonly path: string
  /** Write (POST/PUT/DELETE/PATCH) path templates after which cached answers of this resource are re-fetched. */
  readonly refreshedBy: readonly string[]
  /**
   * Refresh only the cached answers whose path parameters equal the write's, compared by name for the parameters
   * both templates have (seating is saved per group: a save refreshes its own path, a group's edit its seating in any
   * classroom, issue 20).
   */
  readonly sameParamsOnly?: boolean
  /**
   * Refusals that are this resource's answer and are stored like a 200 (spec §7: `/groups/instructor` answers 404 for
   * "no groups"; not stored, a teacher with no groups saw 'Mai csoportok betöltése...' forever offline).
   */
  readonly storedRefusals?: readonly number[]
}

const groupsWrites = ['/groups/**']
const classroomsWrites = ['/classrooms', '/classrooms/:classroomId']

/**
 * Order matters only where two templates could match one path (none do today): the first match wins.
 * `groupsInstructor`, `groups`, `classrooms`, `classroom`, `seating`, `notes`, `workHours`, `links` and `proxyBlock`
 * are cached for the screens still to come: their issues add only the query hooks.
 */
export const API_RESOURCES = {
  dashboard: { path: '/dashboard', refreshedBy: ['/dashboard', '/auth/setmfa'] },
  userSettings: { path: '/dashboard/userSettings', refreshedBy: ['/dashboard/userSettings'] },
  students: { path: '/students/', refreshedBy: ['/students', '/users/**'] },
  alerts: { path: '/alerts', refreshedBy: ['/alerts/**'] },
  groupsInstructor: { path: '/groups/instructor', refreshedBy: groupsWrites, storedRefusals: [404] },
  groups: { path: '/groups', refreshedBy: groupsWrites },
  classrooms: { path: '/classrooms', refreshedBy: classroomsWrites },
  classroom: { path: '/classrooms/:classroomId', refreshedBy: classroomsWrites },
  // A group's edit (PUT /groups/:id, issue 20) unseats removed members and drops desks a new classroom lacks.
  seating: {
    path: '/classrooms/:classroomId/groups/:groupId/seating',
    refreshedBy: ['/classrooms/:classroomId/groups/:groupId/seating', '/groups/:groupId'],
    sameParamsOnly: true,
  },
  // POST /notes carries the group id in its body, so every cached group's notes are refreshed (there are few).
  notes: { path: '/notes/:groupId', refreshedBy: ['/notes/**', ...groupsWrites] },
  // Jelenlét (issue 20): a group's register of one day; the day is in the query string (queryKeyOf('attendance',
  // groupId, date)). A save of any day refreshes the group's cached days (a teacher keeps few); its edit or delete too.
  attendance: {
    path: '/groups/:groupId/attendance',
    refreshedBy: ['/groups/:groupId/attendance/:date', '/groups/:groupId'],
    sameParamsOnly: true,
  },
  // The month's jelenléti ív as data (its print view): queryKeyOf('attendanceMonth', groupId, month); kept for a
  // classroom without network, refreshed as the group's registers.
  attendanceMonth: {
    path: '/groups/:groupId/attendance/month',
    refreshedBy: ['/groups/:groupId/attendance/:date', '/groups/:groupId'],
    sameParamsOnly: true,
  },
  workHours: { path: '/work/hours', refreshedBy: ['/work/hours/**'] },
  links: { path: '/links', refreshedBy: ['/links/**'] },
  proxyBlock: { path: '/proxy/block', refreshedBy: ['/proxy/block/**'] },
  // The folder is in the query string: its key is queryKeyOf('files', path).
  files: { path: '/files', refreshedBy: ['/files/**'] },
  // Rendszernapló (issue 10): each page of each filter is its own URL (page, cursor and filters in the query string),
  // so an administrator who opened the log online can scroll the pages already seen offline. No write names the log's
  // paths: refreshing every cached page after each audited write would cost more than it saves; stale-while-revalidate
  // and the screen's own refetch keep what is shown current.
  auditLog: { path: '/auditlog', refreshedBy: ['/auditlog/**'] },
  auditLogUsers: { path: '/auditlog/users', refreshedBy: ['/auditlog/**'] },
  // Felhasználók (issue 11): administrators' account list.
  users: { path: '/users', refreshedBy: ['/users/**'] },
  // Hibabejelentések (issue 11): administrators' list of the bug reports filed in the app.
  bugReports: { path: '/bug-reports', refreshedBy: ['/bug-reports/**'] },
} as const satisfies Record<string, ResourceDefinition>

export type ApiResourceId = keyof typeof API_RESOURCES

type PathOf<Id extends ApiResourceId> = (typeof API_RESOURCES)[Id]['path']

/** One string per `:name` segment of a path template, in order: `'/a/:x/b/:y'` → `[string, string]`. */
type ParamValues<Path extends string> = Path extends `${string}:${string}/${infer Rest}`
  ? [string, ...ParamValues<Rest>]
  : Path extends `${string}:${string}`
    ? [string]
    : []

/** The values that follow the id in the resource's query keys: its path parameters, in order. */
export type PathParams<Id extends ApiResourceId> = ParamValues<PathOf<Id>>

/** What may follow the path parameters in a query key (filters the path does not carry). */
export type QueryKeyPart = string | number | boolean | null | Readonly<Record<string, unknown>>

/**
 * The query key of a cached resource: its id, its path parameters in order, then anything more the query needs.
 * `queryKeyOf('students')` → `['students']`; `queryKeyOf('notes', groupId)` → `['notes', groupId]`.
 * A query whose key does not come from here is not refreshed by the service worker's update notices.
 */
export function queryKeyOf<
  const Id extends ApiResourceId,
  const Parts extends readonly [...PathParams<Id>, ...QueryKeyPart[]],
>(id: Id, ...parts: Parts): readonly [Id, ...Parts] {
  return [id, ...parts] as const
}

/** The GET path of a resource with its parameters filled in (encoded): `resourcePath('notes', 'g1')` → `/notes/g1`. */
export function resourcePath<const Id extends ApiResourceId>(id: Id, ...params: PathParams<Id>): string {
  let index = 0
  const values = params as readonly string[]
  return API_RESOURCES[id].path.replace(/:[^/]+/g, () => encodeURIComponent(values[index++] ?? ''))
}

/** True for the id of a resource in the table. */
export function isApiResourceId(value: unknown): value is ApiResourceId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(API_RESOURCES, value)
}

/** Compiles a path template to an anchored RegExp whose groups capture the `:name` segments. */
export function pathTemplatePattern(template: string): RegExp {
  let rest = template.replace(/\/+$/, '')
  const anyBelow = rest.endsWith('/**')
  if (anyBelow) rest = rest.slice(0, -3)
  const body = rest
    .split('/')
    .slice(1)
    .map((segment) => (segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .map((segment) => `\\/${segment}`)
    .join('')
  return new RegExp(`^${body}${anyBelow ? '(?:\\/.*)?' : '\\/?'}$`)
}

/** The names of a path template's `:name` segments, in order: `'/a/:x/b/:y'` → `['x', 'y']`. */
export function pathTemplateParams(template: string): string[] {
  return template
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1))
}

export interface CompiledApiResource {
  readonly id: ApiResourceId
  /** The GET paths this resource caches. */
  readonly pattern: RegExp
  /** The names of the GET path's `:name` segments, in the order of the pattern's groups. */
  readonly params: readonly string[]
  /** Write paths after which cached answers of this resource are re-fetched. */
  readonly refreshedBy: readonly RegExp[]
  /** Each `refreshedBy` pattern's `:name` segments, in the order of its groups. */
  readonly refreshedByParams: readonly (readonly string[])[]
  readonly sameParamsOnly: boolean
  /** Statuses other than 200 that are stored as the answer (empty for most). */
  readonly storedRefusals: readonly number[]
}

let compiled: readonly CompiledApiResource[] | null = null

/** The table with its templates compiled, in table order (compiled once, on first use). */
export function compiledApiResources(): readonly CompiledApiResource[] {
  compiled ??= (Object.keys(API_RESOURCES) as ApiResourceId[]).map((id) => {
    const definition: ResourceDefinition = API_RESOURCES[id]
    return {
      id,
      pattern: pathTemplatePattern(definition.path),
      params: pathTemplateParams(definition.path),
      refreshedBy: definition.refreshedBy.map(pathTemplatePattern),
      refreshedByParams: definition.refreshedBy.map(pathTemplateParams),
      sameParamsOnly: definition.sameParamsOnly ?? false,
      storedRefusals: definition.storedRefusals ?? [],
    }
  })
  return compiled
}

/** `auth/*` answers (login, MFA, logout) are never cached. */
export function isAuthPath(path: string): boolean {
  return /^\/auth(\/|$)/.test(path)
}

/** The cached resource whose GET path template matches `path`, or null. `auth/*` is never a resource. */
export function matchApiResource(path: string): CompiledApiResource | null {
  if (isAuthPath(path)) return null
  return compiledApiResources().find((resource) => resource.pattern.test(path)) ?? null
}

/**
 * The query key prefix of the queries that show the cached answer at `path`: the resource id and the path's
 * parameters (`/notes/g1` → `['notes', 'g1']`), or null when no resource caches `path`.
 */
export function queryKeyForPath(path: string): readonly [ApiResourceId, ...string[]] | null {
  const resource = matchApiResource(path)
  const match = resource?.pattern.exec(path)
  if (!resource || !match) return null
  return [resource.id, ...match.slice(1).map(decodeSegment)]
}

function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
