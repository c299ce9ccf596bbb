/** Announcements shown on the instructor dashboard. */
import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db'
import { alerts } from '../db/schema'

export type AlertRow = typeof alerts.$inferSelect

export async function listAlerts(db: Db): Promise<AlertRow[]> {
  return db.select().from(alerts).orderBy(asc(alerts.createdAt), asc(alerts.id))
}

export async function createAlert(db: Db, message: string, now = new Date()): Promise<AlertRow> {
  const [row] = await db.insert(alerts).values({ id: randomUUID(), message, createdAt: now }).returning()
  return row
}

export async function deleteAlert(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(alerts).where(eq(alerts.id, id)).returning({ id: alerts.id })
  return rows.length > 0
}
