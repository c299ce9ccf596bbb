/**
 * Stored first answers of writes with an Idempotency-Key, per user, kept 24 hours. A key is claimed and answered
 * inside the transaction of its write (plugins/app/write.ts), so no claim without an answer is ever committed.
 */
import { and, eq, lt, or } from 'drizzle-orm'
import type { Db } from '../db'
import { idempotencyKeys } from '../db/schema'

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect

export interface StoredAnswer {
  status: number
  body: string
  contentType: string | null
}

export interface KeyRef {
  userId: string
  key: string
}

/** A key's use: who, which key, on which request, when. */
type KeyUse = KeyRef & { method: string; path: string; now: Date }

/** The row's key columns for a use of the key. */
const keyColumns = (use: KeyUse) => ({
  userId: use.userId,
  key: use.key,
  method: use.method,
  path: use.path,
  createdAt: use.now,
})

const byKey = (ref: KeyRef) => and(eq(idempotencyKeys.userId, ref.userId), eq(idempotencyKeys.key, ref.key))

/** The stored row of (user, key), or null. */
export async function findKey(db: Db, ref: KeyRef): Promise<IdempotencyRow | null> {
  const [row] = await db.select().from(idempotencyKeys).where(byKey(ref)).limit(1)
  return row ?? null
}

/**
 * Removes the row of (user, key) when it expired (created before `expiredBefore`) or never got an answer
 * (status 0: left by a server version that claimed keys outside the write's transaction).
 */
export async function deleteStaleKey(db: Db, ref: KeyRef, expiredBefore: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(byKey(ref), or(lt(idempotencyKeys.createdAt, expiredBefore), eq(idempotencyKeys.status, 0))))
}

/**
 * Claims (user, key) inside the write's transaction; false when the key already has a row. On PostgreSQL the insert
 * waits for a concurrent transaction holding the same key, so a duplicate sees the first one's committed answer.
 */
export async function insertClaim(db: Db, use: KeyUse): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...keyColumns(use), status: 0 })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  return inserted.length > 0
}

/** Stores the answer of a claimed key (same transaction as the claim). */
export async function completeKey(db: Db, ref: KeyRef, answer: StoredAnswer): Promise<void> {
  await db.update(idempotencyKeys).set(answer).where(byKey(ref))
}

/**
 * Stores the answer of a write that did not run through `runWrite` (a naturally repeatable one, such as the
 * settings merge), after it ran. A row already there wins.
 */
export async function storeAnswer(db: Db, use: KeyUse, answer: StoredAnswer): Promise<void> {
  await db
    .insert(idempotencyKeys)
    .values({ ...keyColumns(use), ...answer })
    .onConflictDoNothing()
}

export async function deleteOldKeys(db: Db, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before))
}
