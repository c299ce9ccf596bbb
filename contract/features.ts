/**
 * Feature evaluation shared by the menu (src) and the access checks (server). Pure: no I/O, no clock reads
 * except through the `today` argument.
 */

export const FEATURE_IDS = [
  'getAllStudents',
  'searchStudents',
  'changeStudentPassword',
  'createShortUrl',
  'getAllShortUrls',
  'deleteShortUrl',
  'createGroup',
  'getGroupsforInstructor',
  'getAllGroups',
  'deleteGroup',
  'updateSeating',
  'groupNotes',
  'getAllClassrooms',
  'getClassroomById',
  'createClassroom',
  'updateClassroom',
  'deleteClassroom',
  'listFiles',
  'downloadFile',
  'uploadFile',
  'addProxyDomain',
  'getProxyDomains',
  'deleteProxyDomain',
  'addWorkHours',
  'getWorkHours',
  'timetablePlanner',
  'viewAuditLog',
  'createAdminAlert',
  'manageUsers',
  'manageAttendance',
] as const

export type FeatureId = (typeof FEATURE_IDS)[number]
export type UserType = 'admin' | 'teacher' | 'student'
export const USER_TYPES: readonly UserType[] = ['admin', 'teacher', 'student']

/** A feature as the dashboard returns it. Dates are inclusive days 'YYYY-MM-DD' in the school's time zone. */
export interface Feature {
  id: string
  enabled: boolean
  startDate: string | null
  endDate: string | null
  dependencies: string[]
  /** Only groupNotes uses it: 'ui1' shows the notes and the new-note button. */
  variant?: string | null
}

export type FeatureMap = Record<string, Feature>

const TEACHER_FEATURES: FeatureId[] = [
  'getAllStudents',
  'searchStudents',
  'changeStudentPassword',
  'createGroup',
  'getGroupsforInstructor',
  'getAllGroups',
  'deleteGroup',
  'updateSeating',
  'groupNotes',
  'getAllClassrooms',
  'getClassroomById',
  'createClassroom',
  'updateClassroom',
  'deleteClassroom',
  'createShortUrl',
  'getAllShortUrls',
  'deleteShortUrl',
  'listFiles',
  'downloadFile',
  'addWorkHours',
  'getWorkHours',
  'getProxyDomains',
  'manageAttendance',
]

/** Default feature sets per role (DESIGN §3). timetablePlanner only ever comes from the preview setting. */
export const ROLE_DEFAULT_FEATURES: Record<UserType, readonly FeatureId[]> = {
  student: [],
  teacher: TEACHER_FEATURES,
  admin: [
    ...TEACHER_FEATURES,
    'addProxyDomain',
    'deleteProxyDomain',
    'viewAuditLog',
    'createAdminAlert',
    'manageUsers',
    'uploadFile',
  ],
}

/** Features that only make sense with another one on: a write needs the list it writes into. */
export const FEATURE_DEPENDENCIES: Partial<Record<FeatureId, FeatureId[]>> = {
  changeStudentPassword: ['getAllStudents'],
  searchStudents: ['getAllStudents'],
  deleteShortUrl: ['getAllShortUrls'],
  updateSeating: ['getGroupsforInstructor'],
  groupNotes: ['getGroupsforInstructor'],
  manageAttendance: ['getGroupsforInstructor'],
  deleteGroup: ['getGroupsforInstructor'],
  updateClassroom: ['getAllClassrooms'],
  deleteClassroom: ['getAllClassrooms'],
  downloadFile: ['listFiles'],
  uploadFile: ['listFiles'],
  addProxyDomain: ['getProxyDomains'],
  deleteProxyDomain: ['getProxyDomains'],
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>()

/** The calendar day 'YYYY-MM-DD' of `date` in `timeZone` (default Europe/Budapest). */
export function dayInZone(date: Date, timeZone = 'Europe/Budapest'): string {
  let formatter = dayFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    dayFormatters.set(timeZone, formatter)
  }
  return formatter.format(date)
}

/**
 * A feature is enabled only if it is present, enabled, inside its startDate/endDate window (inclusive days)
 * and all its dependencies are enabled. An unknown feature is disabled; a dependency cycle counts as disabled.
 */
export function isFeatureEnabled(
  features: FeatureMap,
  id: string,
  today: string,
  visiting = new Set<string>(),
): boolean {
  const feature = features[id]
  if (!feature || !feature.enabled) return false
  if (feature.startDate && today < feature.startDate) return false
  if (feature.endDate && today > feature.endDate) return false
  if (visiting.has(id)) return false
  visiting.add(id)
  const ok = feature.dependencies.every((dep) => isFeatureEnabled(features, dep, today, visiting))
  visiting.delete(id)
  return ok
}

export const FEATURE_PREVIEW_PREFIX = 'featurePreview:'

/**
 * Overrides dashboard features with local settings whose key starts with 'featurePreview:' (spec §4): the
 * enabled flag comes from the setting. A select value other than false/'false' enables the feature and becomes
 * its variant (groupNotes 'ui1').
 */
export function applyFeaturePreviews(features: FeatureMap, settings: Record<string, unknown>): FeatureMap {
  const result: FeatureMap = { ...features }
  for (const [key, value] of Object.entries(settings)) {
    if (!key.startsWith(FEATURE_PREVIEW_PREFIX)) continue
    const id = key.slice(FEATURE_PREVIEW_PREFIX.length)
    const enabled = value !== false && value !== 'false' && value !== '' && value != null
    const variant = typeof value === 'string' && enabled ? value : null
    const base = features[id] ?? { id, enabled, startDate: null, endDate: null, dependencies: [] }
    result[id] = { ...base, enabled, variant }
  }
  return result
}
