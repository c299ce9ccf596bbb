/**
 * What one audit log entry says (spec §2 Audit napló, §3 audit entry and event types, §8, §9): the Hungarian label of
 * its type, its time as 'yyyy. MMMM d. HH:mm:ss' in the school's time zone, and a Hungarian description built from
 * its extras. Entries come from the server as `unknown`: a malformed one still renders ('Hibás napló bejegyzés').
 */
import {
  AUDIT_CATEGORIES,
  AUDIT_EXTRA_KEYS,
  AUDIT_TYPES,
  type AuditExtras,
  type AuditType,
} from '@contract/audit'
import { formatDateTimeSeconds } from '@/lib/format'

export const MALFORMED_ENTRY = 'Hibás napló bejegyzés'
export const UNKNOWN_TIME = 'Ismeretlen időpont'
export const INVALID_TIME = 'Érvénytelen időpont'
export const UNKNOWN_ACTION = 'Ismeretlen művelet'

/** The badge and filter label of each audit type. */
export const AUDIT_TYPE_LABELS: Record<AuditType, string> = {
  createClassroom: 'Tanterem létrehozása',
  updateClassroom: 'Tanterem módosítása',
  deleteClassroom: 'Tanterem törlése',
  createStudentGroup: 'Csoport létrehozása',
  updateStudentGroup: 'Csoport módosítása',
  deleteStudentGroup: 'Csoport törlése',
  updateSeating: 'Ülésrend módosítása',
  deleteSeating: 'Ülésrend törlése',
  createShortUrl: 'Rövid link létrehozása',
  deleteShortUrl: 'Rövid link törlése',
  createNote: 'Jegyzet létrehozása',
  createAdminAlert: 'Értesítés létrehozása',
  deleteAdminAlert: 'Értesítés törlése',
  deleteFile: 'Fájl törlése',
  renameFile: 'Fájl átnevezése',
  updateAttendance: 'Jelenlét rögzítése',
  dashboardAuthentication: 'Bejelentkezés',
  changeUserPassword: 'Jelszómódosítás',
  changeOwnPassword: 'Saját jelszó módosítása',
  changeMfaEmail: 'MFA e-mail cím módosítása',
  createUser: 'Felhasználó létrehozása',
  updateUser: 'Felhasználó módosítása',
  updateUserStatus: 'Felhasználó letiltása vagy engedélyezése',
  resetUserPassword: 'Jelszó visszaállítása',
  removeUserMfa: 'Többfaktoros hitelesítés kikapcsolása',
  updateUserFeatures: 'Funkciók módosítása',
  importUsers: 'Felhasználók importálása',
}

/** The category label of each type (the badge colour and the Események menu's groups). */
export const AUDIT_TYPE_CATEGORY: Record<AuditType, string> = Object.fromEntries(
  AUDIT_CATEGORIES.flatMap((category) => category.types.map((type) => [type, category.label])),
) as Record<AuditType, string>

export function isAuditType(value: unknown): value is AuditType {
  return typeof value === 'string' && (AUDIT_TYPES as string[]).includes(value)
}

/** An entity named in an entry; clicking it filters the log to that entity's history. */
export type AuditEntityKind = 'classroom' | 'group' | 'short' | 'student' | 'user'

export type DescriptionPart = string | { kind: AuditEntityKind; value: string }

/** An entry the screen can show: the spec's fields checked, the extras kept only when they are strings. */
export interface AuditEntryView {
  id: string
  user: string
  type: string
  /** The raw `action.timestamp` (epoch seconds), checked only when formatted. */
  timestamp: unknown
  extras: AuditExtras
}

/**
 * Reads one entry of the server's answer; null when it is malformed (not an object, no `_id`, no `action` with a
 * string `type`): the screen shows 'Hibás napló bejegyzés' in its place.
 */
export function readAuditEntry(raw: unknown): AuditEntryView | null {
  if (!isRecord(raw)) return null
  const { _id: id, user, action } = raw
  if (typeof id !== 'string' || id === '' || !isRecord(action) || typeof action.type !== 'string') return null
  const extras: AuditExtras = {}
  for (const key of AUDIT_EXTRA_KEYS) {
    const value = raw[key]
    if (typeof value === 'string' && value !== '') extras[key] = value
  }
  return {
    id,
    user: typeof user === 'string' ? user : '',
    type: action.type,
    timestamp: action.timestamp,
    extras,
  }
}

/**
 * 'yyyy. MMMM d. HH:mm:ss' in Hungarian, in the school's time zone (spec §9): epoch seconds. A missing timestamp is
 * 'Ismeretlen időpont'; one that is not a date (text, NaN, out of range) is 'Érvénytelen időpont'.
 */
export function formatAuditTime(timestamp: unknown): string {
  if (timestamp === undefined || timestamp === null || timestamp === '') return UNKNOWN_TIME
  const seconds = typeof timestamp === 'string' && /^\d+$/.test(timestamp) ? Number(timestamp) : timestamp
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return INVALID_TIME
  const date = new Date(seconds * 1000)
  if (Number.isNaN(date.getTime())) return INVALID_TIME
  return formatDateTimeSeconds(date)
}

/** The badge text: the type's Hungarian label, or 'Ismeretlen művelet' for a type outside the catalogue. */
export function auditTypeLabel(type: string): string {
  return isAuditType(type) ? AUDIT_TYPE_LABELS[type] : UNKNOWN_ACTION
}

/**
 * The description of an entry as text and entities, in order. The sentence's subject is the entry's user, shown
 * beside it ('kovacs.anna · Törölte a tantermet: 12-es terem'). An extra that is missing falls back to its id, and
 * without either the sentence ends at the verb.
 */
export function auditDescriptionParts(entry: AuditEntryView): DescriptionPart[] {
  const { extras } = entry
  const classroom = extras.classroomName ?? extras.classroomId
  const group = extras.groupName ?? extras.studentGroupDocId ?? extras.groupId
  const short = extras.short ?? extras.urlDocId
  const about = (text: string, kind: AuditEntityKind, value: string | undefined): DescriptionPart[] =>
    value === undefined ? [text] : [`${text}: `, { kind, value }]

  switch (entry.type as AuditType) {
    case 'createClassroom':
      return about('Létrehozta a tantermet', 'classroom', classroom)
    case 'updateClassroom':
      return about('Módosította a tantermet', 'classroom', classroom)
    case 'deleteClassroom':
      return about('Törölte a tantermet', 'classroom', classroom)
    case 'createStudentGroup':
      return about('Létrehozta a tanulócsoportot', 'group', group)
    case 'updateStudentGroup':
      return about('Módosította a tanulócsoportot', 'group', group)
    case 'deleteStudentGroup':
      return about('Törölte a tanulócsoportot', 'group', group)
    case 'updateSeating':
      return withClassroom(about('Módosította a csoport ülésrendjét', 'group', group), extras.classroomName)
    case 'deleteSeating':
      return withClassroom(about('Törölte a csoport ülésrendjét', 'group', group), extras.classroomName)
    case 'createShortUrl':
      return about('Létrehozta a rövid linket', 'short', short)
    case 'deleteShortUrl':
      return about('Törölte a rövid linket', 'short', short)
    case 'createNote':
      return about('Jegyzetet írt a csoporthoz', 'group', group)
    case 'createAdminAlert':
      return ['Új értesítést tett közzé']
    case 'deleteAdminAlert':
      return ['Törölt egy értesítést']
    case 'deleteFile': {
      const verb = extras.isFolder === 'true' ? 'Törölte a mappát' : 'Törölte a fájlt'
      return [extras.filePath === undefined ? verb : `${verb}: ${extras.filePath}`]
    }
    case 'renameFile': {
      const verb = extras.isFolder === 'true' ? 'Átnevezte a mappát' : 'Átnevezte a fájlt'
      if (extras.filePath === undefined) return [verb]
      return [
        `${verb}: ${extras.filePath}${extras.newFileName === undefined ? '' : ` → ${extras.newFileName}`}`,
      ]
    }
    case 'updateAttendance': {
      const parts = about('Rögzítette a csoport jelenlétét', 'group', group)
      return extras.date === undefined ? parts : [...parts, ` (${extras.date})`]
    }
    case 'dashboardAuthentication':
      return ['Bejelentkezett a portálra']
    case 'changeUserPassword':
      return about('Megváltoztatta a diák jelszavát', 'student', extras.studentUsername)
    case 'changeOwnPassword':
      return ['Megváltoztatta a saját jelszavát']
    case 'changeMfaEmail':
      return [
        extras.mfaEnabled === 'false'
          ? 'Kikapcsolta a saját többfaktoros hitelesítését'
          : 'Beállította a többfaktoros hitelesítés e-mail címét',
      ]
    case 'createUser':
      return about('Létrehozta a felhasználót', 'user', extras.targetUsername)
    case 'updateUser':
      return about('Módosította a felhasználót', 'user', extras.targetUsername)
    case 'updateUserStatus':
      return about(
        extras.disabled === 'false' ? 'Engedélyezte a felhasználót' : 'Letiltotta a felhasználót',
        'user',
        extras.targetUsername,
      )
    case 'resetUserPassword':
      return about('Új egyszer használatos jelszót adott', 'user', extras.targetUsername)
    case 'removeUserMfa':
      return about('Kikapcsolta a többfaktoros hitelesítést', 'user', extras.targetUsername)
    case 'updateUserFeatures':
      return about('Módosította a funkciókat', 'user', extras.targetUsername)
    case 'importUsers':
      return extras.userCount === undefined
        ? ['Felhasználókat importált']
        : [`Felhasználókat importált (${extras.userCount} új fiók)`]
    default:
      return [UNKNOWN_ACTION]
  }
}

function withClassroom(parts: DescriptionPart[], classroomName: string | undefined): DescriptionPart[] {
  return classroomName === undefined
    ? parts
    : [...parts, ' (terem: ', { kind: 'classroom', value: classroomName }, ')']
}

/**
 * The Hungarian description of a raw entry from the server: 'Hibás napló bejegyzés' when it is malformed,
 * 'Ismeretlen művelet' for a type outside the catalogue, else a sentence built from its extras.
 */
export function describeAuditEntry(raw: unknown): string {
  const entry = readAuditEntry(raw)
  if (!entry) return MALFORMED_ENTRY
  return auditDescriptionParts(entry)
    .map((part) => (typeof part === 'string' ? part : part.value))
    .join('')
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
