/** Sessions and temporary MFA tokens: only sha256 hashes of the tokens are stored. */
import { eq, lt } from 'drizzle-orm'
import type { Db } from '../db'
import { sessions, users } from '../db/schema'

export type SessionKind = 'session' | 'mfa'

export async function insertSession(
  db: Db,
  row: { tokenHash: string; userId: string; kind: SessionKind; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: row.tokenHash,
    userId: row.userId,
    kind: row.kind,
    expiresAt: row.expiresAt,
    lastSeen: row.now,
    createdAt: row.now,
  })
}

/** The session with its user, whatever its expiry (callers decide), or null. */
export async function findSessionWithUser(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      tokenHash: sessions.tokenHash,
      kind: sessions.kind,
      expiresAt: sessions.expiresAt,
      lastSeen: sessions.lastSeen,
      user: {
        id: users.id,
        username: users.username,
        name: users.name,
        type: users.type,
        mfaEmail: users.mfaEmail,
        disabled: users.disabled,
        passwordOneTime: users.passwordOneTime,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1)
  return row ?? null
}

export type SessionWithUser = NonNullable<Awaited<ReturnType<typeof findSessionWithUser>>>

/** Slides the expiry of a session forward. */
export async function touchSession(db: Db, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeen: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash))
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
}

/** Housekeeping: removes expired sessions of either kind. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now))
}
