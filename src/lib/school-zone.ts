/**
 * The school's time zone (`config.timeZone` of GET /dashboard: the server's TZ, the zone of its feature windows) and
 * the school's day. Kept apart from format.ts, which carries date-fns and its Hungarian locale, so the first load
 * (the dashboard fetch, the menu's feature windows) does not download the formatters.
 */
import { dayInZone } from '@contract/features'

/** The zone the page shows moments in before GET /dashboard said the school's. */
export const DEFAULT_TIME_ZONE = 'Europe/Budapest'

let schoolZone = DEFAULT_TIME_ZONE

/** The school's time zone (IANA name) every moment is shown in. */
export function schoolTimeZone(): string {
  return schoolZone
}

/**
 * Sets the school's zone from GET /dashboard (`config.timeZone`); an empty or unknown name keeps the default, so a
 * bad answer never breaks every date on the page.
 */
export function setSchoolTimeZone(timeZone: string | undefined): void {
  schoolZone = timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE
}

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return true
  } catch {
    return false
  }
}

/** 'YYYY-MM-DD': today (or the day of `now`) as the school counts it — the day feature windows are checked on. */
export function schoolToday(now: Date = new Date()): string {
  return dayInZone(now, schoolZone)
}
