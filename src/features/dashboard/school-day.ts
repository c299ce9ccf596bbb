/**
 * Today as the school counts it (spec §9, DESIGN §3): the calendar day in the school's time zone, its weekday id
 * (Monday = 1 … Sunday = 7) and its Hungarian labels. A tablet set to another zone still sees the school's day.
 */
import { weekdayId, weekdayName } from '@contract/weekdays'
import { formatDay } from '@/lib/format'
import { schoolToday } from '@/lib/school-zone'

export interface SchoolDay {
  /** 'YYYY-MM-DD' in the school's time zone. */
  iso: string
  /** 1 Monday … 7 Sunday. */
  weekdayId: number
  /** 'Hétfő' … 'Vasárnap'. */
  weekday: string
  /** '2026. november 23.' */
  date: string
}

export function schoolDay(now: Date): SchoolDay {
  const iso = schoolToday(now)
  const [year, month, day] = iso.split('-').map(Number)
  // A local date with the school's calendar fields: only its weekday is read.
  const calendar = new Date(year, month - 1, day, 12)
  const id = weekdayId(calendar.getDay())
  return {
    iso,
    weekdayId: id,
    weekday: weekdayName(id),
    date: formatDay(iso),
  }
}

/** Milliseconds until the next local midnight, when the day may change (at most an hour late across zones). */
export function msUntilMidnight(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
  return next.getTime() - now.getTime()
}
