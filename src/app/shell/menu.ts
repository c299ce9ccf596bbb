/** The sidebar's feature table (spec §2) and the rules that pick what a user sees. */
import { isFeatureEnabled, type FeatureId, type FeatureMap } from '@contract/features'

export interface MenuEntry {
  /** The screen's key in the registry; also its label. */
  id: string
  label: string
  features: readonly FeatureId[]
}

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { id: 'Kezdőlap', label: 'Kezdőlap', features: ['getAllStudents', 'getGroupsforInstructor'] },
  { id: 'DiákKezdőlap', label: 'DiákKezdőlap', features: [] },
  { id: 'Diákok', label: 'Diákok', features: ['getAllStudents', 'searchStudents', 'changeStudentPassword'] },
  {
    id: 'Linkrövidítő',
    label: 'Linkrövidítő',
    features: ['createShortUrl', 'getAllShortUrls', 'deleteShortUrl'],
  },
  {
    id: 'Csoportok',
    label: 'Csoportok',
    features: ['createGroup', 'getGroupsforInstructor', 'getAllGroups', 'deleteGroup', 'updateSeating'],
  },
  {
    id: 'Tantermek',
    label: 'Tantermek',
    features: [
      'getAllClassrooms',
      'getClassroomById',
      'createClassroom',
      'updateClassroom',
      'deleteClassroom',
    ],
  },
  { id: 'Fájlok', label: 'Fájlok', features: ['listFiles', 'downloadFile'] },
  {
    id: 'Proxy Manager',
    label: 'Proxy Manager',
    features: ['addProxyDomain', 'getProxyDomains', 'deleteProxyDomain'],
  },
  { id: 'Munkaórák', label: 'Munkaórák', features: ['addWorkHours', 'getWorkHours'] },
  { id: 'Munkaidő tervező', label: 'Munkaidő tervező', features: ['timetablePlanner'] },
  { id: 'Rendszernapló', label: 'Rendszernapló', features: ['viewAuditLog'] },
  { id: 'Felhasználók', label: 'Felhasználók', features: ['manageUsers'] },
  { id: 'Hibabejelentések', label: 'Hibabejelentések', features: ['manageUsers'] },
]

export const SETTINGS_SCREEN = 'Beállítások'

/** Entries whose every feature is enabled, deduplicated by label (the first visible one wins). */
export function visibleEntries(
  features: FeatureMap,
  today: string,
  entries: readonly MenuEntry[] = MENU_ENTRIES,
) {
  const seen = new Set<string>()
  return entries.filter((entry) => {
    if (seen.has(entry.label)) return false
    if (!entry.features.every((id) => isFeatureEnabled(features, id, today))) return false
    seen.add(entry.label)
    return true
  })
}

/** Spec §2: Kezdőlap if the user has changeStudentPassword, otherwise DiákKezdőlap. */
export function initialScreen(features: FeatureMap, today: string): string {
  return isFeatureEnabled(features, 'changeStudentPassword', today) ? 'Kezdőlap' : 'DiákKezdőlap'
}
