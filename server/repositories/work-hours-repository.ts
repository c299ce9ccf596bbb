/** Logged work hours (spec §3): one row per user and day; a day with 0 hours has no row. */
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../db'
import { workHours } from '../db/schema'

/** The user's days as 'YYYY-MM-DD' → hours, oldest first. */
export async function listWorkHours(db: Db, userId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ day: workHours.day, hours: workHours.hours })
    .from(workHours)
    .where(eq(workHours.userId, userId))
    .orderBy(asc(workHours.day))
  return Object.fromEntries(rows.map((row) => [row.day, row.hours]))
}

/** Sets the hours of one day of one user; 0 removes the day. */
export async function setWorkHours(db: Db, userId: string, day: string, hours: number): Promise<void> {
  if (hours === 0) {
    await db.delete(workHours).where(and(eq(workHours.userId, userId), eq(workHours.day, day)))
    return
  }
  await db
    .insert(workHours)
    .values({ userId, day, hours })
    .onConflictDoUpdate({ target: [workHours.userId, workHours.day], set: { hours } })
}
