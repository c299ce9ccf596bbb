/** What the student home says about today (spec §1, §9): the weekday (Sunday = 7) and the date, in Hungarian. */
import { format } from 'date-fns'
import { hu } from 'date-fns/locale'
import { weekdayId, weekdayName } from '@contract/weekdays'

export interface TodayLabels {
  /** 'Hétfő' … 'Vasárnap', capitalised as in the weekday table. */
  weekday: string
  /** '2026. november 22.' */
  date: string
}

export function todayLabels(now: Date): TodayLabels {
  return {
    weekday: weekdayName(weekdayId(now.getDay())),
    date: format(now, 'yyyy. MMMM d.', { locale: hu }),
  }
}

/** Milliseconds until the next local midnight, when the labels change. */
export function msUntilMidnight(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
  return next.getTime() - now.getTime()
}
