/**
 * The attendance register of a group (issue 20, beyond the spec; feature `manageAttendance`): one day's register per
 * group, read and replaced whole, and the month's jelenléti ív as a workbook. A teacher reads and changes the
 * registers of the groups they lead, an administrator any. `student` is the member's username; a member without an
 * entry is unmarked.
 *
 *   GET /groups/:id/attendance?date=YYYY-MM-DD      → { date, entries }
 *   PUT /groups/:id/attendance/:date  { entries }   → 200 { code, message } (idempotent; outbox)
 *   GET /groups/:id/attendance.xlsx?month=YYYY-MM   → the month's sheet
 *   GET /groups/:id/attendance/month?month=YYYY-MM  → the same sheet as data (its print view)
 *
 * Each field's Hungarian message is written on its schema (`errorMessage`, contract/field-messages.ts); the server
 * checks what a schema cannot say (the day exists and is not after today, a pupil is a member and named once).
 */
import { Type, type Static } from '@sinclair/typebox'
import { strict } from './common'

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused'] as const
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number]

/** The letter of a status on the jelenléti ív: jelen, hiányzik, késett, igazolt. */
export const ATTENDANCE_LETTERS: Record<AttendanceStatus, string> = {
  present: 'J',
  absent: 'H',
  late: 'K',
  excused: 'I',
}

/** The Hungarian name of a status (the sheet's legend and totals). */
export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  present: 'jelen',
  absent: 'hiányzik',
  late: 'késett',
  excused: 'igazolt',
}

/** The heads of the jelenléti ív's total columns and rows (the workbook and its print view). */
export const ATTENDANCE_TOTAL_HEADS: Record<AttendanceStatus, string> = {
  present: 'Jelen',
  absent: 'Hiányzott',
  late: 'Késett',
  excused: 'Igazolt',
}

/** The jelenléti ív's legend: 'J: jelen, H: hiányzik, K: késett, I: igazolt'. */
export const ATTENDANCE_LEGEND = ATTENDANCE_STATUSES.map(
  (status) => `${ATTENDANCE_LETTERS[status]}: ${ATTENDANCE_LABELS[status]}`,
).join(', ')

/** Longest note on one pupil's entry. */
export const ATTENDANCE_NOTE_MAX = 500
/** Most entries in one day's register (a group has at most 200 members). */
export const ATTENDANCE_ENTRIES_MAX = 500

export const ATTENDANCE_MESSAGES = {
  saved: 'Jelenlét sikeresen mentve.',
  invalidDate: 'Kérlek adj meg egy érvényes dátumot.',
  futureDate: 'Jövőbeli napra nem rögzíthető jelenlét.',
  invalidMonth: 'Kérlek adj meg egy érvényes hónapot (ÉÉÉÉ-HH).',
  unknownStudent: 'A csoportnak nincs ilyen tagja: {student}.',
  duplicateStudent: 'Egy tanuló csak egyszer szerepelhet a jelenléti ívben: {student}.',
  invalidStatus:
    'Érvénytelen jelenléti állapot (jelen: present, hiányzik: absent, késett: late, igazolt: excused).',
  invalidStudent: 'Hiányzik a tanuló felhasználóneve.',
  noteTooLong: `A megjegyzés legfeljebb ${ATTENDANCE_NOTE_MAX} karakter lehet.`,
  tooManyEntries: `Egy nap jelenléti íve legfeljebb ${ATTENDANCE_ENTRIES_MAX} bejegyzést tartalmazhat.`,
} as const

/** 'YYYY-MM-DD'; the server decides whether the day exists and is not in the future. */
const Day = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  errorMessage: ATTENDANCE_MESSAGES.invalidDate,
})

const Status = Type.Union(
  ATTENDANCE_STATUSES.map((status) => Type.Literal(status)),
  { errorMessage: ATTENDANCE_MESSAGES.invalidStatus },
)

export const AttendanceEntry = Type.Object({
  student: Type.String(),
  status: Status,
  note: Type.Optional(Type.String()),
})
export type AttendanceEntry = Static<typeof AttendanceEntry>

/** GET /groups/:id/attendance: the day and its entries, in the members' order (unmarked members absent). */
export const AttendanceResponse = Type.Object({ date: Type.String(), entries: Type.Array(AttendanceEntry) })
export type AttendanceResponse = Static<typeof AttendanceResponse>

export const AttendanceQuery = Type.Object({ date: Day })
export type AttendanceQuery = Static<typeof AttendanceQuery>

export const AttendanceDayParams = Type.Object({ id: Type.String({ maxLength: 200 }), date: Day })
export type AttendanceDayParams = Static<typeof AttendanceDayParams>

/** PUT /groups/:id/attendance/:date: the whole day's register of the group's members (an empty list clears it). */
export const SaveAttendanceRequest = Type.Object(
  {
    entries: Type.Array(
      Type.Object(
        {
          student: Type.String({
            minLength: 1,
            maxLength: 200,
            errorMessage: ATTENDANCE_MESSAGES.invalidStudent,
          }),
          status: Status,
          note: Type.Optional(
            Type.String({ maxLength: ATTENDANCE_NOTE_MAX, errorMessage: ATTENDANCE_MESSAGES.noteTooLong }),
          ),
        },
        strict,
      ),
      { maxItems: ATTENDANCE_ENTRIES_MAX, errorMessage: { maxItems: ATTENDANCE_MESSAGES.tooManyEntries } },
    ),
  },
  strict,
)
export type SaveAttendanceRequest = Static<typeof SaveAttendanceRequest>

/** GET /groups/:id/attendance.xlsx and /attendance/month: `month` 'YYYY-MM' (the current month without it). */
export const AttendanceSheetQuery = Type.Object({
  month: Type.Optional(
    Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$', errorMessage: ATTENDANCE_MESSAGES.invalidMonth }),
  ),
})
export type AttendanceSheetQuery = Static<typeof AttendanceSheetQuery>

/** A count per status. */
export const AttendanceCounts = Type.Object({
  present: Type.Integer(),
  absent: Type.Integer(),
  late: Type.Integer(),
  excused: Type.Integer(),
})
export type AttendanceCounts = Static<typeof AttendanceCounts>

/**
 * GET /groups/:id/attendance/month?month=: the month's jelenléti ív as data, built by the same code as the workbook
 * (server/services/attendance.ts): the header, the session days, one row per pupil (Hungarian collation) with a
 * status per session (null: unmarked) and their totals, the totals per session and of the month.
 */
export const AttendanceMonthResponse = Type.Object({
  /** 'YYYY-MM'. */
  month: Type.String(),
  /** '2026. november'. */
  monthName: Type.String(),
  groupName: Type.String(),
  instructor: Type.String(),
  /** The classroom's name, or null when the group has none. */
  room: Type.Union([Type.String(), Type.Null()]),
  /** The sessions' days, 'YYYY-MM-DD', in order. */
  sessions: Type.Array(Type.String()),
  pupils: Type.Array(
    Type.Object({
      name: Type.String(),
      username: Type.String(),
      /** One per session: the status, or null when unmarked. */
      marks: Type.Array(
        Type.Union([...ATTENDANCE_STATUSES.map((status) => Type.Literal(status)), Type.Null()]),
      ),
      totals: AttendanceCounts,
    }),
  ),
  /** One per session. */
  sessionTotals: Type.Array(AttendanceCounts),
  totals: AttendanceCounts,
})
export type AttendanceMonthResponse = Static<typeof AttendanceMonthResponse>
