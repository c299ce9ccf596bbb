/**
 * Work hours (spec §3, §5, §7; DESIGN §3): per signed-in user, a map of 'YYYY-MM-DD' to hours.
 * `hours` is 0–24 in steps of 0.5; 0 removes the day. The server also checks that the date is a real calendar day.
 */
import { Type, type Static } from '@sinclair/typebox'
import { MESSAGES } from '../messages'

export const WORK_HOURS_MAX = 24
export const WORK_HOURS_STEP = 0.5

/** 'YYYY-MM-DD' — the shape only; `isCalendarDate` decides whether the day exists. */
export const WorkDate = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  errorMessage: MESSAGES.invalidWorkDate,
})

export const WorkHoursRequest = Type.Object(
  {
    date: WorkDate,
    hours: Type.Number({
      minimum: 0,
      maximum: WORK_HOURS_MAX,
      multipleOf: WORK_HOURS_STEP,
      errorMessage: MESSAGES.invalidWorkHours,
    }),
  },
  { additionalProperties: false },
)
export type WorkHoursRequest = Static<typeof WorkHoursRequest>

/**
 * GET /work/hours: the flat map. The client also accepts the nested year → month → day shape (spec §3).
 * `missingFrom` (issue 18): the first day whose weekdays count as missing when left empty, or null when the account
 * does not log hours (docs/decisions/work-hours.md, "Missing work days"); absent (another backend) counts every past weekday.
 */
export const WorkHoursResponse = Type.Object({
  workHours: Type.Record(Type.String(), Type.Number()),
  missingFrom: Type.Optional(Type.Union([WorkDate, Type.Null()])),
})
export type WorkHoursResponse = Static<typeof WorkHoursResponse>

/** True when 'YYYY-MM-DD' names a day that exists (2026-02-30 does not). Pure: no time zone involved. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1) return false
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day <= daysInMonth
}
