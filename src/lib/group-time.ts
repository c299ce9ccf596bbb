/**
 * A group's time of day (issue 20): shown as '8:00–9:30' (no leading zero on the hour, an en dash), and compared with
 * the school's clock (the school's zone, as its day is) for Kezdőlap's order and 'Következő óra'. The times are
 * 'HH:MM' strings (contract/api/groups.ts); a group created before groups had a time has null for both.
 */
import { schoolTimeZone } from './school-zone'

/** '08:05' → '8:05' (Hungarian writes the hour without a leading zero). */
export function timeLabel(time: string): string {
  return time.replace(/^0(?=\d)/, '')
}

/** '8:00–9:30', or null for a group without a time. */
export function timeRangeLabel(startTime: string | null, endTime: string | null): string | null {
  if (!startTime || !endTime) return null
  return `${timeLabel(startTime)}–${timeLabel(endTime)}`
}

/** Minutes after midnight of 'HH:MM'. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number)
  return hours * 60 + minutes
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>()

/** Minutes after midnight of `now` on the school's clock (its time zone). */
export function schoolMinutes(now: Date = new Date()): number {
  const zone = schoolTimeZone()
  let formatter = clockFormatters.get(zone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    clockFormatters.set(zone, formatter)
  }
  const parts = formatter.formatToParts(now)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return part('hour') * 60 + part('minute')
}

/** Orders by start time ('HH:MM' strings compare as times); a group without a time comes after every timed one. */
export function byStartTime(a: { startTime: string | null }, b: { startTime: string | null }): number {
  if (a.startTime === b.startTime) return 0
  if (a.startTime === null) return 1
  if (b.startTime === null) return -1
  return a.startTime < b.startTime ? -1 : 1
}
