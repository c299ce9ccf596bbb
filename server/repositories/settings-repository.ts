/** Server-stored user settings: one row per (user, key), value as JSON. */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { userSettings } from '../db/schema'

export async function getUserSettings(db: Db, userId: string): Promise<Record<string, unknown>> {
  const rows = await db.select().from(userSettings).where(eq(userSettings.userId, userId))
  return Object.fromEntries(rows.map((row) => [row.key, row.value]))
}

/** Upserts the given keys, leaving the others as they are. */
export async function mergeUserSettings(
  db: Db,
  userId: string,
  values: Record<string, unknown>,
): Promise<void> {
  const rows = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ userId, key, value }))
  if (!rows.length) return
  await db
    .insert(userSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: [userSettings.userId, userSettings.key],
      set: { value: sql`excluded.value` },
    })
}
