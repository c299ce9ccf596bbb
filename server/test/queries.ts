/** Small read helpers for assertions on the database. */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db'
import { auditLog, authCounters, idempotencyKeys, userSettings, users } from '../db/schema'

export async function auditEntries(db: Db, username: string, type?: string) {
  const where = type
    ? and(eq(auditLog.username, username), eq(auditLog.type, type))
    : eq(auditLog.username, username)
  return db.select().from(auditLog).where(where)
}

export async function userRow(db: Db, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username))
  return row
}

export async function settingsRows(db: Db, userId: string) {
  return db.select().from(userSettings).where(eq(userSettings.userId, userId))
}

export async function idempotencyRows(db: Db, userId: string) {
  return db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))
}

export async function authCounterRows(db: Db) {
  return db.select().from(authCounters)
}
