/**
 * The order of the group list: by weekday starting from today, so the group a teacher meets next is on top (today's
 * groups first, then tomorrow's, … yesterday's last), then by start time (a group without a time last in its day;
 * issue 20), then by name in Hungarian collation. Pure.
 */
import type { Group } from '@contract/api'
import { weekdayId } from '@contract/weekdays'
import { byStartTime } from '@/lib/group-time'

const collator = new Intl.Collator('hu', { sensitivity: 'base', numeric: true })

/** The spec's weekday id (Monday 1 … Sunday 7) of a 'YYYY-MM-DD' calendar day. */
export function weekdayOfDay(day: string): number {
  return weekdayId(new Date(`${day}T12:00:00Z`).getUTCDay())
}

/** How many days after `today` (a weekday id) the weekday `day` comes next: 0 for today, 6 for yesterday. */
export function daysUntil(day: number, today: number): number {
  return (((day - today) % 7) + 7) % 7
}

/** A sorted copy: today's groups first, then the rest of the week in order; by time, then name within a day. */
export function sortGroups(groups: readonly Group[], today: number): Group[] {
  return [...groups].sort(
    (a, b) =>
      daysUntil(a.groupDay, today) - daysUntil(b.groupDay, today) ||
      byStartTime(a, b) ||
      collator.compare(a.groupName, b.groupName) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

/** '{room}. terem' (spec §3), or null for a group without a classroom. */
export function roomLabel(room: string): string | null {
  const name = room.trim()
  return name ? `${name}. terem` : null
}
