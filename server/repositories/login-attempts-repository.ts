/**
 * Failed sign-ins, wrong MFA codes and mailed MFA codes in the database, so throttling holds across several
 * server processes. Scopes: 'user' and 'ip' (wrong passwords), 'mfa' (wrong codes), 'mfaLogin' (codes mailed) and
 * 'password' (wrong current passwords at a password change), the last three keyed by the account.
 */
import { and, count, eq, gte, inArray, lt, min } from 'drizzle-orm'
import type { Db } from '../db'
import { loginAttempts } from '../db/schema'

export type AttemptScope = 'user' | 'ip' | 'mfa' | 'mfaLogin' | 'password'

export async function recordFailure(
  db: Db,
  entries: { scope: AttemptScope; key: string }[],
  at: Date,
): Promise<void> {
  if (entries.length) await db.insert(loginAttempts).values(entries.map((e) => ({ ...e, at })))
}

/** Failures of one key since `since`, with the oldest one's time. */
export async function failuresSince(
  db: Db,
  scope: AttemptScope,
  key: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(loginAttempts.at) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.scope, scope), eq(loginAttempts.key, key), gte(loginAttempts.at, since)))
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null }
}

export async function clearFailures(
  db: Db,
  scope: AttemptScope | AttemptScope[],
  key: string,
): Promise<void> {
  const scopes = Array.isArray(scope) ? scope : [scope]
  await db.delete(loginAttempts).where(and(inArray(loginAttempts.scope, scopes), eq(loginAttempts.key, key)))
}

export async function deleteOldFailures(db: Db, before: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, before))
}
