/** A group's seating in its classroom: one row per seated group, the positions as JSON. */
import { eq, inArray } from 'drizzle-orm'
import type { SeatPosition } from '@contract/api/classrooms'
import type { Db } from '../db'
import { seating } from '../db/schema'

export async function findSeating(db: Db, groupId: string): Promise<SeatPosition[]> {
  const [row] = await db
    .select({ positions: seating.positions })
    .from(seating)
    .where(eq(seating.groupId, groupId))
  return row?.positions ?? []
}

/** The seatings of the given groups, by group id (groups nobody sits in are absent). */
export async function seatingsOf(db: Db, groupIds: readonly string[]): Promise<Map<string, SeatPosition[]>> {
  if (groupIds.length === 0) return new Map()
  const rows = await db
    .select()
    .from(seating)
    .where(inArray(seating.groupId, [...groupIds]))
  return new Map(rows.map((row) => [row.groupId, row.positions]))
}

/** Replaces a group's seating; an empty list removes it. */
export async function setSeating(
  db: Db,
  groupId: string,
  positions: SeatPosition[],
  now: Date,
): Promise<void> {
  if (positions.length === 0) {
    await db.delete(seating).where(eq(seating.groupId, groupId))
    return
  }
  await db
    .insert(seating)
    .values({ groupId, positions, updatedAt: now })
    .onConflictDoUpdate({ target: seating.groupId, set: { positions, updatedAt: now } })
}
