/**
 * The attendance register (issue 20, beyond the spec; feature manageAttendance): a group's register of one day, read
 * or replaced whole, and the month's jelenléti ív. The caller must see the group (leads it, or is an administrator):
 * another teacher's group is 404, as for seating and notes. Days are the school's (TZ): a day after today is refused.
 */
import type { CellObject } from 'xlsx'
import {
  ATTENDANCE_LEGEND,
  ATTENDANCE_LETTERS,
  ATTENDANCE_MESSAGES,
  ATTENDANCE_STATUSES,
  ATTENDANCE_TOTAL_HEADS as TOTAL_HEADS,
  type AttendanceCounts,
  type AttendanceMonthResponse,
  type AttendanceResponse,
  type SaveAttendanceRequest,
} from '@contract/api/attendance'
import type { MessageBody } from '@contract/api'
import { isCalendarDate } from '@contract/api/work-hours'
import { dayInZone } from '@contract/features'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import { dayCell, numberCell, textCell } from '../lib/sheet-cells'
import { writeWorkbook } from '../lib/spreadsheet'
import {
  attendanceBetween,
  attendanceOfDay,
  namesOf,
  replaceAttendance,
  type AttendanceRow,
} from '../repositories/attendance-repository'
import { listMembers, type GroupRow } from '../repositories/groups-repository'
import { collator, sortedMembers, visibleGroup } from './groups'
import type { Change, WriteContext } from './write'

type Caller = WriteContext['user']

/** The day as given when it is a real 'YYYY-MM-DD' day; else 400 'Kérlek adj meg egy érvényes dátumot.'. */
function checkedDay(value: string): string {
  if (!isCalendarDate(value)) throw new HttpError(400, ATTENDANCE_MESSAGES.invalidDate)
  return value
}

/** The group's members in the order the register shows them (Hungarian collation by name, then username). */
async function membersOf(db: Db, group: GroupRow) {
  return sortedMembers(await listMembers(db, [group.id]))
}

/** GET /groups/:id/attendance?date=: the members' entries that day, in the members' order. */
export async function attendanceOf(
  db: Db,
  caller: Caller,
  groupId: string,
  date: string,
): Promise<AttendanceResponse> {
  const day = checkedDay(date)
  const group = await visibleGroup(db, caller, groupId)
  const members = await membersOf(db, group)
  const byStudent = new Map((await attendanceOfDay(db, group.id, day)).map((row) => [row.student, row]))
  const entries = members.flatMap(({ username }) => {
    const row = byStudent.get(username)
    if (!row) return []
    return [{ student: username, status: row.status, ...(row.note ? { note: row.note } : {}) }]
  })
  return { date: day, entries }
}

/**
 * PUT /groups/:id/attendance/:date → 200 {code, message}: the whole day's register of the group's members (a member
 * not in `entries` is unmarked; the entries of pupils who have left the group stay, they are history). The schema
 * has refused a malformed day or a status outside the four; here a Hungarian 400 refuses a day that does not exist
 * or is after today, a pupil twice, a username that is not a member. Audited as updateAttendance with the group
 * and the day.
 */
export function saveAttendance(
  groupId: string,
  date: string,
  body: SaveAttendanceRequest,
  timeZone: string,
): Change<MessageBody> {
  const day = checkedDay(date)
  const seen = new Set<string>()
  const wanted = body.entries.map((entry) => {
    const key = entry.student.trim().toLowerCase()
    if (seen.has(key))
      throw new HttpError(400, ATTENDANCE_MESSAGES.duplicateStudent.replace('{student}', entry.student))
    seen.add(key)
    const note = entry.note?.trim() ?? ''
    return { student: entry.student, key, status: entry.status, note: note === '' ? null : note }
  })
  return async ({ tx, now, user }) => {
    const group = await visibleGroup(tx, user, groupId, true)
    if (day > dayInZone(now, timeZone)) throw new HttpError(400, ATTENDANCE_MESSAGES.futureDate)
    const members = await listMembers(tx, [group.id])
    const byLower = new Map(members.map((member) => [member.username.toLowerCase(), member.username]))
    const entries = wanted.map(({ student, key, status, note }) => {
      const username = byLower.get(key)
      if (username === undefined)
        throw new HttpError(400, ATTENDANCE_MESSAGES.unknownStudent.replace('{student}', student))
      return { student: username, status, note }
    })
    await replaceAttendance(tx, {
      groupId: group.id,
      day,
      students: members.map((member) => member.username),
      entries,
      recordedBy: user.username,
      now,
    })
    return {
      body: { code: 200, message: ATTENDANCE_MESSAGES.saved },
      audit: {
        type: 'updateAttendance',
        extras: { studentGroupDocId: group.id, groupName: group.name, date: day },
      },
    }
  }
}

/** 'YYYY-MM' checked, or the current month of `today`. */
function checkedMonth(month: string | undefined, today: string): { year: number; month: number } {
  const text = month ?? today.slice(0, 7)
  const match = /^(\d{4})-(\d{2})$/.exec(text)
  const [year, number] = match ? [Number(match[1]), Number(match[2])] : [0, 0]
  if (!match || year < 1900 || number < 1 || number > 12)
    throw new HttpError(400, ATTENDANCE_MESSAGES.invalidMonth)
  return { year, month: number }
}

const pad = (value: number) => String(value).padStart(2, '0')

/** The ISO weekday (1 = Monday … 7 = Sunday) of a day 'YYYY-MM-DD'. */
function weekdayOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7
}

/**
 * The month's sessions: the days on the group's weekday from the group's first day (its creation, in the school's
 * zone) up to today, and every day that has entries (a lesson held on another day), in order.
 */
function sessionDays(
  group: GroupRow,
  month: { year: number; month: number },
  today: string,
  timeZone: string,
  rows: readonly AttendanceRow[],
): string[] {
  const last = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate()
  const created = dayInZone(group.createdAt, timeZone)
  const days = new Set(rows.map((row) => row.day))
  for (let date = 1; date <= last; date++) {
    const day = `${month.year}-${pad(month.month)}-${pad(date)}`
    if (day >= created && day <= today && weekdayOf(day) === group.day) days.add(day)
  }
  return [...days].sort()
}

const MONTH_NAME = new Intl.DateTimeFormat('hu-HU', { year: 'numeric', month: 'long', timeZone: 'UTC' })
/** A session's column head: '11. 03.' (the dots and the space quoted: literal text). */
const SESSION_FORMAT = 'mm". "dd"."'

/** An ASCII file name part: 'Matek 9.A' → 'matek-9-a'. */
function asciiSlug(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return slug || 'csoport'
}

const noCounts = (): AttendanceCounts => ({ present: 0, absent: 0, late: 0, excused: 0 })

/**
 * The month's jelenléti ív as data, the one builder of GET /groups/:id/attendance/month and .xlsx: the group, teacher,
 * room and month; the sessions; one row per pupil (the members and anyone with an entry that month, Hungarian
 * collation) with a status per session (null when unmarked) and their totals per status; the totals per session and
 * of the month.
 */
export async function attendanceMonth(
  db: Db,
  caller: Caller,
  groupId: string,
  monthText: string | undefined,
  now: Date,
  timeZone: string,
): Promise<AttendanceMonthResponse> {
  const today = dayInZone(now, timeZone)
  const month = checkedMonth(monthText, today)
  const group = await visibleGroup(db, caller, groupId)
  const prefix = `${month.year}-${pad(month.month)}`
  const lastDate = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate()
  const rows = await attendanceBetween(db, group.id, `${prefix}-01`, `${prefix}-${pad(lastDate)}`)
  const sessions = sessionDays(group, month, today, timeZone, rows)

  const names = new Map((await membersOf(db, group)).map((member) => [member.username, member.name]))
  const former = [...new Set(rows.map((row) => row.student))].filter((student) => !names.has(student))
  const formerNames = await namesOf(db, former)
  for (const student of former) names.set(student, formerNames.get(student) ?? student)
  const ordered = [...names].sort(([ua, a], [ub, b]) => collator.compare(a, b) || collator.compare(ua, ub))

  const statusOf = new Map(rows.map((row) => [`${row.student}\u0000${row.day}`, row.status]))
  const sessionTotals = sessions.map(noCounts)
  const totals = noCounts()
  const pupils = ordered.map(([username, name]) => {
    const own = noCounts()
    const marks = sessions.map((day, index) => {
      const status = statusOf.get(`${username}\u0000${day}`) ?? null
      if (status) {
        own[status]++
        sessionTotals[index][status]++
        totals[status]++
      }
      return status
    })
    return { name, username, marks, totals: own }
  })
  return {
    month: prefix,
    monthName: MONTH_NAME.format(new Date(Date.UTC(month.year, month.month - 1, 1))),
    groupName: group.name,
    instructor: group.instructorName,
    room: group.classroomName ?? null,
    sessions,
    pupils,
    sessionTotals,
    totals,
  }
}

/**
 * GET /groups/:id/attendance.xlsx?month=: the month's jelenléti ív (attendanceMonth) as a workbook. Header rows name
 * the group, teacher, room and month; then one row per pupil with a status letter per session (J, H, K, I; empty
 * when unmarked) and their totals per status; under them the totals per session. Text cells are neutralised against
 * formulas; counts and days are real number and date cells.
 */
export async function attendanceSheet(
  db: Db,
  caller: Caller,
  groupId: string,
  monthText: string | undefined,
  now: Date,
  timeZone: string,
  signal?: AbortSignal,
): Promise<{ file: Buffer; fileName: string }> {
  const sheet = await attendanceMonth(db, caller, groupId, monthText, now, timeZone)
  const { sessions } = sheet
  const pupilRows = sheet.pupils.map(({ name, username, marks, totals }): (CellObject | null)[] => [
    textCell(name),
    textCell(username),
    ...marks.map((status) => (status ? textCell(ATTENDANCE_LETTERS[status]) : null)),
    ...ATTENDANCE_STATUSES.map((s) => numberCell(totals[s])),
  ])
  const sessionRows = ATTENDANCE_STATUSES.map((status, row): (CellObject | null)[] => [
    textCell(`${TOTAL_HEADS[status]} (${ATTENDANCE_LETTERS[status]})`),
    null,
    ...sheet.sessionTotals.map((counts) => numberCell(counts[status])),
    ...ATTENDANCE_STATUSES.map((_, column) => (column === row ? numberCell(sheet.totals[status]) : null)),
  ])
  const cells: (CellObject | null)[][] = [
    [textCell('Jelenléti ív')],
    [textCell('Csoport'), textCell(sheet.groupName)],
    [textCell('Oktató'), textCell(sheet.instructor)],
    [textCell('Terem'), textCell(sheet.room ? `${sheet.room}. terem` : 'Nincs terem')],
    [textCell('Hónap'), textCell(sheet.monthName)],
    [],
    [
      textCell('Tanuló'),
      textCell('Felhasználónév'),
      ...sessions.map((day) => dayCell(day, SESSION_FORMAT)),
      ...ATTENDANCE_STATUSES.map((s) => textCell(TOTAL_HEADS[s])),
    ],
    ...pupilRows,
    ...sessionRows,
    [],
    [textCell(ATTENDANCE_LEGEND)],
  ]
  const cols = [
    { wch: 28 },
    { wch: 18 },
    ...sessions.map(() => ({ wch: 7 })),
    ...ATTENDANCE_STATUSES.map(() => ({ wch: 10 })),
  ]
  return {
    // Built in a worker, stopped when the client goes away (signal).
    file: await writeWorkbook([{ name: 'Jelenléti ív', rows: cells, cols }], signal),
    fileName: `jelenleti-iv-${asciiSlug(sheet.groupName)}-${sheet.month}.xlsx`,
  }
}
