/** What the student home says about today (spec §1, §9): the weekday (Sunday = 7) and the date, in Hungarian. */
import { format } from 'date-fns'
import { weekdayId, weekdayName } from '@contract/weekdays'
import { formatDay } from '@/lib/format'

export interface TodayLabels {
  /** 'Hétfő' … 'Vasárnap', capitalised as in the weekday table. */
  weekday: string
  /** '2026. november 22.' */
  date: string
}

export function todayLabels(now: Date): TodayLabels {
  return {
    weekday: weekdayName(weekdayId(now.getDay())),
    // The device's calendar day, as the weekday above (the teacher dashboard counts the school's: school-day.ts).
    date: formatDay(format(now, 'yyyy-MM-dd')),
  }
}

/** Milliseconds until the next local midnight, when the labels change. */
export function msUntilMidnight(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
  return next.getTime() - now.getTime()
}
