/**
 * Today's groups and the next class (DESIGN §3: GET /groups/instructor filtered on the client by today's weekday,
 * Sunday = 7). Groups carry no time of day, so the day's order is the list's order and the next class is the first
 * of today's groups the teacher has not marked as held.
 */
import type { Group } from '@contract/api'

/** The groups meeting on weekday `weekdayId` (1 Monday … 7 Sunday), in the order the server lists them. */
export function todaysGroups(groups: readonly Group[], weekdayId: number): Group[] {
  return groups.filter((group) => group.groupDay === weekdayId)
}

/** The first of `today` not in `held`, or null when every class of the day is held (or there is none). */
export function nextClass(today: readonly Group[], held: readonly string[]): Group | null {
  return today.find((group) => !held.includes(group.id)) ?? null
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
