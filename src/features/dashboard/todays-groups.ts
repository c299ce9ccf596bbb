/**
 * Today's groups and the next class (DESIGN §3: GET /groups/instructor filtered on the client by today's weekday,
 * Sunday = 7). The day runs by the groups' start times (issue 20): a group without a time comes last, in the list's
 * order. The next class is the one meeting now ('Most:'), else the first to start later today, else a group without
 * a time; one the teacher marked as held, or whose time is over, is not.
 */
import type { Group } from '@contract/api'
import { byStartTime, minutesOf } from '@/lib/group-time'

/** The groups meeting on weekday `weekdayId` (1 Monday … 7 Sunday) by start time, those without a time last. */
export function todaysGroups(groups: readonly Group[], weekdayId: number): Group[] {
  return groups.filter((group) => group.groupDay === weekdayId).sort(byStartTime)
}

export interface NextClass {
  group: Group
  /** It meets now (its start ≤ now < its end). */
  now: boolean
}

/**
 * The class to show in 'Következő óra' at `minutes` (after midnight, on the school's clock), of `today` (in day order)
 * not in `held`: the one meeting now, else the next to start, else the first without a time; null when none is left.
 */
export function nextClass(
  today: readonly Group[],
  held: readonly string[],
  minutes: number,
): NextClass | null {
  const open = today.filter((group) => !held.includes(group.id))
  const current = open.find(
    (group) =>
      group.startTime !== null &&
      group.endTime !== null &&
      minutesOf(group.startTime) <= minutes &&
      minutes < minutesOf(group.endTime),
  )
  if (current) return { group: current, now: true }
  const later =
    open.find((group) => group.startTime !== null && minutesOf(group.startTime) > minutes) ??
    open.find((group) => group.startTime === null)
  return later ? { group: later, now: false } : null
}

/** '{room}. terem' (spec §3); a group without a classroom has no room to show. */
export function roomLabel(room: string): string | null {
  const name = room.trim()
  return name ? `${name}. terem` : null
}

/** 'Ma 2 csoportod van.' or 'Ma nincs csoportod.' */
export function groupCountText(count: number): string {
  return count === 0 ? 'Ma nincs csoportod.' : `Ma ${count} csoportod van.`
}
