/** The attendance register (issue 20): a group's entries per day and pupil (username). */
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm'
import type { AttendanceStatus } from '@contract/api/attendance'
import type { Db } from '../db'
import { attendance, users } from '../db/schema'

export interface AttendanceRow {
  day: string
  student: string
  status: AttendanceStatus
  note: string | null
}

const columns = {
  day: attendance.day,
  student: attendance.student,
  status: attendance.status,
  note: attendance.note,
}

/** A group's entries of one day (the service orders them). */
export async function attendanceOfDay(db: Db, groupId: string, day: string): Promise<AttendanceRow[]> {
  return db
    .select(columns)
    .from(attendance)
    .where(and(eq(attendance.groupId, groupId), eq(attendance.day, day)))
}

/** A group's entries from `first` to `last` (inclusive days), by day. */
export async function attendanceBetween(
  db: Db,
  groupId: string,
  first: string,
  last: string,
): Promise<AttendanceRow[]> {
  return db
    .select(columns)
    .from(attendance)
    .where(and(eq(attendance.groupId, groupId), between(attendance.day, first, last)))
    .orderBy(asc(attendance.day))
}

/**
 * Sets the entries of `students` on one day to `entries` (each of them a student in `students`): the others of
 * `students` lose that day's entry, the given ones are written (an upsert, so two saves of one day at the same time
 * end as the later one, never as a key conflict). Entries of anyone else that day stay.
 */
export async function replaceAttendance(
  db: Db,
  input: {
    groupId: string
    day: string
    students: readonly string[]
    entries: readonly { student: string; status: AttendanceStatus; note: string | null }[]
    recordedBy: string
    now: Date
  },
): Promise<void> {
  const kept = new Set(input.entries.map((entry) => entry.student))
  const cleared = input.students.filter((student) => !kept.has(student))
  if (cleared.length > 0)
    await db
      .delete(attendance)
      .where(
        and(
          eq(attendance.groupId, input.groupId),
          eq(attendance.day, input.day),
          inArray(attendance.student, cleared),
        ),
      )
  if (input.entries.length === 0) return
  await db
    .insert(attendance)
    .values(
      input.entries.map((entry) => ({
        groupId: input.groupId,
        day: input.day,
        student: entry.student,
        status: entry.status,
        note: entry.note,
        recordedBy: input.recordedBy,
        recordedAt: input.now,
      })),
    )
    .onConflictDoUpdate({
      target: [attendance.groupId, attendance.day, attendance.student],
      set: {
        status: sql`excluded.status`,
        note: sql`excluded.note`,
        recordedBy: sql`excluded.recorded_by`,
        recordedAt: sql`excluded.recorded_at`,
      },
    })
}

/** The names of the users with these usernames (a former member's name on the month's sheet). */
export async function namesOf(db: Db, usernames: readonly string[]): Promise<Map<string, string>> {
  if (usernames.length === 0) return new Map()
  const rows = await db
    .select({ username: users.username, name: users.name })
    .from(users)
    .where(inArray(users.username, [...usernames]))
  return new Map(rows.map((row) => [row.username, row.name]))
}
