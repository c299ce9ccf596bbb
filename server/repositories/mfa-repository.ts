/** MFA challenges: one hashed 6-digit code per login, bound to that login's temporary token. */
import { and, eq, lt, lte, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { mfaChallenges } from '../db/schema'

export type MfaChallengeRow = typeof mfaChallenges.$inferSelect

export async function insertChallenge(
  db: Db,
  row: { loginTokenHash: string; userId: string; codeHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(mfaChallenges).values({
    loginTokenHash: row.loginTokenHash,
    userId: row.userId,
    codeHash: row.codeHash,
    expiresAt: row.expiresAt,
    createdAt: row.now,
  })
}

export async function findChallenge(db: Db, loginTokenHash: string): Promise<MfaChallengeRow | null> {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(eq(mfaChallenges.loginTokenHash, loginTokenHash))
    .limit(1)
  return row ?? null
}

/**
 * Claims one try before the code is compared (atomically: concurrent tries each get their own number); returns the
 * new count, or null when the challenge is gone or used. A right code on try n leaves the count at n.
 */
export async function claimAttempt(db: Db, loginTokenHash: string): Promise<number | null> {
  const [row] = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(and(eq(mfaChallenges.loginTokenHash, loginTokenHash), eq(mfaChallenges.used, false)))
    .returning({ attempts: mfaChallenges.attempts })
  return row ? row.attempts : null
}

/**
 * Marks the challenge used; false when someone else used it first (single use under concurrency) or it has had
 * `maxAttempts` tries claimed (the right code's own included).
 */
export async function consumeChallenge(
  db: Db,
  loginTokenHash: string,
  maxAttempts: number,
): Promise<boolean> {
  const [row] = await db
    .update(mfaChallenges)
    .set({ used: true })
    .where(
      and(
        eq(mfaChallenges.loginTokenHash, loginTokenHash),
        eq(mfaChallenges.used, false),
        lte(mfaChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ used: mfaChallenges.used })
  return Boolean(row)
}

export async function deleteExpiredChallenges(db: Db, before: Date): Promise<void> {
  await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, before))
}
