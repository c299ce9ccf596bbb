/** Hungarian names of account types and features on the Felhasználók screen (issue 11). */
import type { FeatureId, UserType } from '@contract/features'
import { formatNumericDateTime, isValidMoment } from '@/lib/format'

export const USER_TYPE_LABELS: Record<UserType, string> = {
  admin: 'Adminisztrátor',
  teacher: 'Oktató',
  student: 'Diák',
}

export const FEATURE_LABELS: Record<FeatureId, string> = {
  getAllStudents: 'Diáklista',
  searchStudents: 'Diákok keresése',
  changeStudentPassword: 'Diák jelszavának módosítása',
  createShortUrl: 'Rövid link létrehozása',
  getAllShortUrls: 'Rövid linkek listája',
  deleteShortUrl: 'Rövid link törlése',
  createGroup: 'Csoport létrehozása',
  getGroupsforInstructor: 'Saját csoportok',
  getAllGroups: 'Összes csoport',
  deleteGroup: 'Csoport törlése',
  updateSeating: 'Ülésrend módosítása',
  groupNotes: 'Csoportjegyzetek',
  getAllClassrooms: 'Tantermek listája',
  getClassroomById: 'Terem megnyitása',
  createClassroom: 'Terem létrehozása',
  updateClassroom: 'Terem módosítása',
  deleteClassroom: 'Terem törlése',
  listFiles: 'Fájlok listája',
  downloadFile: 'Fájl letöltése',
  uploadFile: 'Fájl feltöltése',
  addProxyDomain: 'Tiltott domain hozzáadása',
  getProxyDomains: 'Tiltott domainek listája',
  deleteProxyDomain: 'Tiltott domain törlése',
  addWorkHours: 'Munkaórák rögzítése',
  getWorkHours: 'Munkaórák megtekintése',
  timetablePlanner: 'Munkaidő tervező',
  viewAuditLog: 'Rendszernapló',
  createAdminAlert: 'Értesítések kezelése',
  manageUsers: 'Felhasználók kezelése',
  manageAttendance: 'Jelenlét',
}

export const featureLabel = (id: string): string => FEATURE_LABELS[id as FeatureId] ?? id

/** '2026. 11. 24. 18:30', or 'Még nem jelentkezett be'. */
export function lastSignInText(iso: string | null): string {
  if (!iso) return 'Még nem jelentkezett be'
  return isValidMoment(iso) ? formatNumericDateTime(iso) : 'Ismeretlen'
}
