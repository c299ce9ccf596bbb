/**
 * The screens (spec §2), in menu order: each one's id (its folder under src/features/), label and the features it
 * needs, and the rules that pick what a user sees. Half of the screen registry: the other half, `SCREEN_PARTS` in
 * screens.tsx (icon, code, prefetch), must name every id here, so a screen missing there or a misspelt id does not
 * compile. This half is data only because the first load reads it too (start-signed-in.ts): the other half's
 * dynamic imports and icons there would split the shell's Chakra modules into many more chunks (110 → 142).
 */
import { isFeatureEnabled, type FeatureId, type FeatureMap } from '@contract/features'

export interface ScreenEntry {
  /** Shown in the sidebar and the phone header; sent with a bug report as the screen. */
  label: string
  /** The screen is in the menu when every one of these is enabled. */
  features: readonly FeatureId[]
}

export const SCREEN_ENTRIES = {
  dashboard: { label: 'Kezdőlap', features: ['getAllStudents', 'getGroupsforInstructor'] },
  'student-home': { label: 'DiákKezdőlap', features: [] },
  students: { label: 'Diákok', features: ['getAllStudents', 'searchStudents', 'changeStudentPassword'] },
  links: { label: 'Linkrövidítő', features: ['createShortUrl', 'getAllShortUrls', 'deleteShortUrl'] },
  groups: {
    label: 'Csoportok',
    features: ['createGroup', 'getGroupsforInstructor', 'getAllGroups', 'deleteGroup', 'updateSeating'],
  },
  classrooms: {
    label: 'Tantermek',
    features: [
      'getAllClassrooms',
      'getClassroomById',
      'createClassroom',
      'updateClassroom',
      'deleteClassroom',
    ],
  },
  files: { label: 'Fájlok', features: ['listFiles', 'downloadFile'] },
  proxy: { label: 'Proxy Manager', features: ['addProxyDomain', 'getProxyDomains', 'deleteProxyDomain'] },
  'work-hours': { label: 'Munkaórák', features: ['addWorkHours', 'getWorkHours'] },
  timetable: { label: 'Munkaidő tervező', features: ['timetablePlanner'] },
  'audit-log': { label: 'Rendszernapló', features: ['viewAuditLog'] },
  users: { label: 'Felhasználók', features: ['manageUsers'] },
  'bug-reports': { label: 'Hibabejelentések', features: ['manageUsers'] },
  /** Not a menu entry: the fixed Beállítások at the sidebar's bottom, for everyone. */
  settings: { label: 'Beállítások', features: [] },
} as const satisfies Record<string, ScreenEntry>

export type ScreenId = keyof typeof SCREEN_ENTRIES

/** Every screen's id, in menu order. */
export const SCREEN_IDS = Object.keys(SCREEN_ENTRIES) as ScreenId[]

export const SETTINGS_SCREEN: ScreenId = 'settings'

export interface MenuEntry extends ScreenEntry {
  id: ScreenId
}

/** The menu's entries in order (every screen but Beállítások). */
export const MENU_ENTRIES: readonly MenuEntry[] = SCREEN_IDS.filter((id) => id !== SETTINGS_SCREEN).map(
  (id) => ({ id, ...SCREEN_ENTRIES[id] }),
)

/** Entries whose every feature is enabled, deduplicated by label (the first visible one wins). */
export function visibleEntries(
  features: FeatureMap,
  today: string,
  entries: readonly MenuEntry[] = MENU_ENTRIES,
): MenuEntry[] {
  const seen = new Set<string>()
  return entries.filter((entry) => {
    if (seen.has(entry.label)) return false
    if (!entry.features.every((id) => isFeatureEnabled(features, id, today))) return false
    seen.add(entry.label)
    return true
  })
}

/** Spec §2: Kezdőlap if the user has changeStudentPassword, otherwise DiákKezdőlap. */
export function initialScreen(features: FeatureMap, today: string): ScreenId {
  return isFeatureEnabled(features, 'changeStudentPassword', today) ? 'dashboard' : 'student-home'
}
