/**
 * Every date and time the page shows, in Hungarian (spec §9), through one of the named formatters below. A moment (a
 * Date, epoch milliseconds or an ISO string) is shown in the school's time zone, the one the server counts feature
 * windows and days in (`config.timeZone` of GET /dashboard, 'Europe/Budapest' until the dashboard answered), so a
 * tablet set to another zone shows what the school sees. A calendar day ('YYYY-MM-DD') or month ('YYYY-MM') is a
 * day, not a moment: it is shown as it is, no zone involved. Machine keys ('yyyy-MM-dd' in query strings and file
 * names) are not shown and stay with the date arithmetic that makes them.
 */
import { tz, TZDate } from '@date-fns/tz'
import { format, type FormatOptions } from 'date-fns'
import { hu } from 'date-fns/locale'
import { schoolTimeZone } from './school-zone'

type Moment = Date | number | string

function inSchoolZone(moment: Moment, pattern: string): string {
  const options: FormatOptions = { locale: hu, in: tz(schoolTimeZone()) }
  return format(new Date(moment), pattern, options)
}

/** A calendar day or month as a date at its midday, so no daylight-saving edge moves it. */
function calendarDate(value: string): TZDate {
  const [year, month, day = 1] = value.split('-').map(Number)
  return new TZDate(year, month - 1, day, 12, 'UTC')
}

const onCalendar = (value: string, pattern: string) => format(calendarDate(value), pattern, { locale: hu })

/** Whether `moment` is a real point in time (not an unparsable string or an out-of-range number). */
export function isValidMoment(moment: Moment): boolean {
  return !Number.isNaN(new Date(moment).getTime())
}

/** '2026. november 24. 18:30': when a note was written, a write was queued, a list was last refreshed. */
export const formatDateTime = (moment: Moment) => inSchoolZone(moment, 'yyyy. MMMM d. HH:mm')

/** '2026. november 24. 18:30:05': an audit log entry's time. */
export const formatDateTimeSeconds = (moment: Moment) => inSchoolZone(moment, 'yyyy. MMMM d. HH:mm:ss')

/** '2026. 11. 24. 18:30': a time in a table column (last sign-in, bug reports). */
export const formatNumericDateTime = (moment: Moment) => inSchoolZone(moment, 'yyyy. MM. dd. HH:mm')

/** '2026. szept. 1. 10:00': a file's modification time. */
export const formatShortDateTime = (moment: Moment) => inSchoolZone(moment, 'yyyy. MMM d. H:mm')

/** '2026. dec. 24.': the day of a moment, short (a link's expiry). */
export const formatShortDate = (moment: Moment) => inSchoolZone(moment, 'yyyy. MMM d.')

/** '2026. november 23.' for the calendar day '2026-11-23'. */
export const formatDay = (day: string) => onCalendar(day, 'yyyy. MMMM d.')

/** '2026. november 20., péntek' for the calendar day '2026-11-20'. */
export const formatDayWithWeekday = (day: string) => onCalendar(day, 'yyyy. MMMM d., EEEE')

/** 'hétfő' … 'vasárnap' for a calendar day. */
export const formatWeekday = (day: string) => onCalendar(day, 'EEEE')

/** 'H', 'K', 'Sze', 'Cs', 'P', 'Szo', 'V' for a calendar day (a calendar's column head). */
export const formatWeekdayShort = (day: string) => onCalendar(day, 'EEEEEE')

/** '2026. november' for the month '2026-11'. */
export const formatMonth = (month: string) => onCalendar(month, 'yyyy. LLLL')
