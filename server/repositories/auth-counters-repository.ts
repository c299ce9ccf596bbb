/**
 * Guess counters (schema `auth_counters`): a claim is one statement — insert the row or bump it, starting a new
 * window when the last one ended — so two requests in any two processes never read the same count. Used by
 * services/throttle.ts only.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { authCounters } from '../db/schema'

export interface ClaimResult {
  /** The count after this claim (the claim included). */
  count: number
  resetAt: Date
}

export interface ClaimOptions {
  windowMs: number
  /**
   * Back-off: a window that starts right after one that reached `max` lasts twice as long, up to 2^maxStrikes
   * windows. 0: every window is `windowMs`.
   */
  maxStrikes: number
  max: number
}

/** Claims one event of (scope, key) at `now` and answers the count it made. */
export async function claimCounter(
  db: Db,
  scope: string,
  key: string,
  now: Date,
  { windowMs, maxStrikes, max }: ClaimOptions,
): Promise<ClaimResult> {
  const at = sql`${now.toISOString()}::timestamptz`
  const ended = sql`"auth_counters"."reset_at" <= ${at}`
  // The old row's strikes when its window is still open; else one more when it reached the limit and ended less
  // than a window ago (a guesser who waits it out and goes on), else none.
  const strikes = sql`case when not (${ended}) then "auth_counters"."strikes"
    when "auth_counters"."count" >= ${max} and "auth_counters"."reset_at" > ${at} - ${windowMs} * interval '1 millisecond'
      then least("auth_counters"."strikes" + 1, ${maxStrikes})
    else 0 end`
  const [row] = await db
    .insert(authCounters)
    .values({ scope, key, count: 1, resetAt: new Date(now.getTime() + windowMs), strikes: 0 })
    .onConflictDoUpdate({
      target: [authCounters.scope, authCounters.key],
      set: {
        count: sql`case when ${ended} then 1 else "auth_counters"."count" + 1 end`,
        strikes,
        resetAt: sql`case when ${ended}
          then ${at} + ${windowMs} * power(2, ${strikes}) * interval '1 millisecond'
          else "auth_counters"."reset_at" end`,
      },
    })
    .returning({ count: authCounters.count, resetAt: authCounters.resetAt })
  return { count: row!.count, resetAt: new Date(row!.resetAt) }
}

/** Gives back one claim of the window that ends at `resetAt` (a later window is not touched). */
export async function releaseCounter(db: Db, scope: string, key: string, resetAt: Date): Promise<void> {
  await db
    .update(authCounters)
    .set({ count: sql`greatest(${authCounters.count} - 1, 0)` })
    .where(and(eq(authCounters.scope, scope), eq(authCounters.key, key), eq(authCounters.resetAt, resetAt)))
}

/** The open window of (scope, key), if any. */
export async function readCounter(
  db: Db,
  scope: string,
  key: string,
  now: Date,
): Promise<ClaimResult | null> {
  const [row] = await db
    .select({ count: authCounters.count, resetAt: authCounters.resetAt })
    .from(authCounters)
    .where(and(eq(authCounters.scope, scope), eq(authCounters.key, key), gt(authCounters.resetAt, now)))
  return row ? { count: row.count, resetAt: new Date(row.resetAt) } : null
}

export async function deleteCounter(db: Db, scope: string, key: string): Promise<void> {
  await db.delete(authCounters).where(and(eq(authCounters.scope, scope), eq(authCounters.key, key)))
}

export async function deleteEndedCounters(db: Db, before: Date): Promise<void> {
  await db.delete(authCounters).where(lt(authCounters.resetAt, before))
}
