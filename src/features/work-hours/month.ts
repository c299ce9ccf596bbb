/**
 * The month the calendar shows: weeks from Monday to Sunday, each day with its hours, today, and the weekdays of past
 * weeks left without an entry (Kimai marks those as missing). Months are 'YYYY-MM', days 'YYYY-MM-DD' (spec §9),
 * and `today` is the school's calendar day: no time zone is involved here.
 */
import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  startOfMonth,
  startOfWeek,
} from 'date-fns'
import { formatWeekday, formatWeekdayShort } from '@/lib/format'
import type { WorkHoursMap } from './work-hours-map'

export interface CalendarDay {
  date: string
  day: number
  /** Monday = 1 … Sunday = 7 (spec §9). */
  weekday: number
  inMonth: boolean
  isToday: boolean
  hours: number | null
  /**
   * A weekday of a week before this one, in the shown month, with no hours, on or after `missingFrom` (the day the
   * account started logging hours, from the server).
   */
  missing: boolean
}

const WEEK = { weekStartsOn: 1 } as const

/** A local Date for a 'YYYY-MM-DD' or 'YYYY-MM' string (midday, so no daylight-saving edge moves the day). */
export function parseDay(value: string): Date {
  const [year, month, day = 1] = value.split('-').map(Number)
  return new Date(year, month - 1, day, 12)
}

export const dayString = (date: Date) => format(date, 'yyyy-MM-dd')
export const monthOf = (day: string) => day.slice(0, 7)

/**
 * The day a key moves to in the calendar (the grid pattern of WAI-ARIA): ←/→ a day, ↑/↓ a week, Home/End the
 * week's Monday/Sunday, kept inside the shown month. Null for any other key, or when the move would leave the month.
 */
export function calendarStep(day: string, key: string): string | null {
  const date = parseDay(day)
  const moved =
    key === 'ArrowLeft'
      ? addDays(date, -1)
      : key === 'ArrowRight'
        ? addDays(date, 1)
        : key === 'ArrowUp'
          ? addDays(date, -7)
          : key === 'ArrowDown'
            ? addDays(date, 7)
            : key === 'Home'
              ? startOfWeek(date, WEEK)
              : key === 'End'
                ? endOfWeek(date, WEEK)
                : null
  if (!moved) return null
  const target = dayString(moved)
  if (monthOf(target) === monthOf(day)) return target
  // Home/End at a month's edge stop at its first/last day; a step out of the month stays put.
  if (key === 'Home') return `${monthOf(day)}-01`
  if (key === 'End') return dayString(endOfMonth(date))
  return null
}

export function shiftMonth(month: string, delta: number): string {
  return format(addMonths(parseDay(month), delta), 'yyyy-MM')
}

/** The column heads, Monday first: [{short: 'H', long: 'hétfő'}, …]. */
export function weekdayHeads(): { short: string; long: string }[] {
  const monday = startOfWeek(new Date(2026, 0, 7, 12), WEEK)
  return Array.from({ length: 7 }, (_, index) => {
    const day = dayString(addDays(monday, index))
    return { short: formatWeekdayShort(day), long: formatWeekday(day) }
  })
}

/**
 * `missingFrom`: the first day that can be missing ('YYYY-MM-DD'); null when the account does not log hours (none
 * is missing); undefined when the server did not say (every past weekday can be).
 */
export function monthWeeks(
  month: string,
  today: string,
  hours: WorkHoursMap,
  missingFrom?: string | null,
): CalendarDay[][] {
  const first = startOfMonth(parseDay(month))
  const days = eachDayOfInterval({ start: startOfWeek(first, WEEK), end: endOfWeek(endOfMonth(first), WEEK) })
  const thisWeek = dayString(startOfWeek(parseDay(today), WEEK))
  const weeks: CalendarDay[][] = []
  for (const date of days) {
    const value = dayString(date)
    const weekday = date.getDay() === 0 ? 7 : date.getDay()
    const inMonth = monthOf(value) === month
    const entry = hours[value] ?? null
    const day: CalendarDay = {
      date: value,
      day: date.getDate(),
      weekday,
      inMonth,
      isToday: value === today,
      hours: entry,
      missing:
        inMonth &&
        weekday <= 5 &&
        value < thisWeek &&
        entry === null &&
        missingFrom !== null &&
        (missingFrom === undefined || value >= missingFrom),
    }
    if (weekday === 1) weeks.push([])
    weeks[weeks.length - 1].push(day)
  }
  return weeks
}

/** Every day of the month in order, with its hours (0 when none). */
export function monthDays(
  month: string,
  hours: WorkHoursMap,
): { date: string; weekday: string; hours: number }[] {
  const first = startOfMonth(parseDay(month))
  return eachDayOfInterval({ start: first, end: endOfMonth(first) }).map((date) => {
    const value = dayString(date)
    return { date: value, weekday: formatWeekday(value), hours: hours[value] ?? 0 }
  })
}

export function monthTotal(month: string, hours: WorkHoursMap): number {
  let sum = 0
  for (const [date, value] of Object.entries(hours)) if (monthOf(date) === month) sum += value
  return sum
}

export function allTotal(hours: WorkHoursMap): number {
  return Object.values(hours).reduce((sum, value) => sum + value, 0)
}

/**
 * The hours typed in the form: '4,5' (the Hungarian decimal comma, as the calendar writes them) and '4.5' both
 * read 4.5; an empty or malformed entry is NaN (the form's message).
 */
export function parseHours(typed: unknown): number {
  const text = String(typed ?? '').trim()
  return /^-?\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : NaN
}

/** '7,5' — hours in Hungarian notation (hu-HU, spec §9). */
export function formatHours(value: number): string {
  return value.toLocaleString('hu-HU', { maximumFractionDigits: 1 })
}
