/** Stored first answers of writes with an Idempotency-Key, per user, kept 24 hours. */
import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../db'
import { idempotencyKeys } from '../db/schema'

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect

/**
 * Claims (user, key) for a new request. Returns null when claimed, or the existing row (a finished answer, or
 * status 0 while the first request still runs). Rows older than `expiredBefore` are replaced.
 */
export async function claimKey(
  db: Db,
  row: { userId: string; key: string; method: string; path: string; now: Date },
  expiredBefore: Date,
): Promise<IdempotencyRow | null> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, row.userId),
        eq(idempotencyKeys.key, row.key),
        lt(idempotencyKeys.createdAt, expiredBefore),
      ),
    )
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId: row.userId, key: row.key, method: row.method, path: row.path, status: 0, createdAt: row.now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (inserted.length) return null
  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, row.userId), eq(idempotencyKeys.key, row.key)))
    .limit(1)
  return existing ?? null
}

export async function completeKey(
  db: Db,
  userId: string,
  key: string,
  answer: { status: number; body: string; contentType: string | null },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
}

/** Forgets a claim (the request failed with 5xx, so a retry should run again). */
export async function releaseKey(db: Db, userId: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
}

export async function deleteOldKeys(db: Db, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before))
}
