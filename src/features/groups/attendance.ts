/**
 * The attendance register's rules (issue 20, beyond the spec), pure: the status a tap gives, 'Mindenki jelen', the
 * totals per status and the whole day's register as the PUT sends it. A register is a map username → status; a member
 * missing from it is unmarked.
 */
import {
  ATTENDANCE_LABELS,
  ATTENDANCE_LETTERS,
  ATTENDANCE_STATUSES,
  type AttendanceEntry,
  type AttendanceStatus,
} from '@contract/api'

/** username → status; a member not in it is unmarked. */
export type Register = ReadonlyMap<string, AttendanceStatus>

/**
 * The status after one tap: unmarked → jelen → hiányzik → késett → igazolt → unmarked. The cycle ends on unmarked
 * (not on jelen) so a tap on the wrong pupil is undone by tapping on, without a second control.
 */
export function nextStatus(status: AttendanceStatus | undefined): AttendanceStatus | undefined {
  if (status === undefined) return ATTENDANCE_STATUSES[0]
  return ATTENDANCE_STATUSES[ATTENDANCE_STATUSES.indexOf(status) + 1]
}

/** The register with `student`'s status moved one step on the cycle. */
export function cycleStatus(register: Register, student: string): Map<string, AttendanceStatus> {
  const next = new Map(register)
  const status = nextStatus(register.get(student))
  if (status === undefined) next.delete(student)
  else next.set(student, status)
  return next
}

/** 'Mindenki jelen': every unmarked member is present; a marked one keeps their status. */
export function markAllPresent(
  register: Register,
  members: readonly string[],
): Map<string, AttendanceStatus> {
  const next = new Map(register)
  for (const member of members) if (!next.has(member)) next.set(member, 'present')
  return next
}

export type AttendanceTotals = Record<AttendanceStatus | 'unmarked', number>

/** How many members have each status, and how many are unmarked (entries of non-members are not counted). */
export function attendanceTotals(register: Register, members: readonly string[]): AttendanceTotals {
  const totals: AttendanceTotals = { present: 0, absent: 0, late: 0, excused: 0, unmarked: 0 }
  for (const member of members) totals[register.get(member) ?? 'unmarked'] += 1
  return totals
}

/** 'Jelen: 20 · Hiányzik: 2 · Késett: 1 · Igazolt: 0 · Nincs jelölve: 3' */
export function totalsLine(totals: AttendanceTotals): string {
  return [
    ...ATTENDANCE_STATUSES.map((status) => `${capitalised(ATTENDANCE_LABELS[status])}: ${totals[status]}`),
    `Nincs jelölve: ${totals.unmarked}`,
  ].join(' · ')
}

/** The status in words as a desk says it: 'jelen', …, 'nincs jelölve'. */
export function statusLabel(status: AttendanceStatus | undefined): string {
  return status ? ATTENDANCE_LABELS[status] : 'nincs jelölve'
}

/** The letter on a desk (J, H, K, I; nothing when unmarked), so colour is not the only cue. */
export function statusLetter(status: AttendanceStatus | undefined): string {
  return status ? ATTENDANCE_LETTERS[status] : ''
}

/** The register of the server's entries (the first entry of a pupil wins). */
export function registerOf(entries: readonly AttendanceEntry[]): Map<string, AttendanceStatus> {
  const register = new Map<string, AttendanceStatus>()
  for (const entry of entries) if (!register.has(entry.student)) register.set(entry.student, entry.status)
  return register
}

/**
 * The whole day's register as the PUT sends it: one entry per marked member, in member order; a pupil's note from
 * `previous` is kept; a pupil who is no longer a member is left out (the server would refuse the day).
 */
export function entriesOf(
  register: Register,
  members: readonly string[],
  previous: readonly AttendanceEntry[] = [],
): AttendanceEntry[] {
  const notes = new Map(
    previous.flatMap((entry) => (entry.note ? [[entry.student, entry.note] as const] : [])),
  )
  const entries: AttendanceEntry[] = []
  for (const student of members) {
    const status = register.get(student)
    if (!status) continue
    const note = notes.get(student)
    entries.push(note ? { student, status, note } : { student, status })
  }
  return entries
}

/**
 * The entries with `student`'s note set to `note` (trimmed), or removed when it is blank: the `previous` that
 * entriesOf keeps notes from. The status here is only a placeholder; entriesOf takes the status from the register.
 */
export function withNote(
  entries: readonly AttendanceEntry[],
  student: string,
  note: string,
): AttendanceEntry[] {
  const text = note.trim()
  const rest = entries.filter((entry) => entry.student !== student)
  if (!text) return rest
  const status = entries.find((entry) => entry.student === student)?.status ?? 'present'
  return [...rest, { student, status, note: text }]
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}
