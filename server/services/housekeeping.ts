/** Periodic clean-up of rows that only matter for a while: sessions, MFA challenges, sign-in failures, idempotency keys. */
import type { Db } from '../db'
import { IDEMPOTENCY_TTL_MS } from '../plugins/app/idempotency'
import { deleteOldKeys } from '../repositories/idempotency-repository'
import { deleteOldFailures } from '../repositories/login-attempts-repository'
import { deleteExpiredChallenges } from '../repositories/mfa-repository'
import { deleteExpiredSessions } from '../repositories/sessions-repository'
import { THROTTLE } from './auth-service'

/** Expired temporary tokens are kept a day so that /auth/mfa can still say "expired" rather than "not signed in". */
const GRACE_MS = 24 * 60 * 60 * 1000

export async function cleanUp(db: Db, now: Date): Promise<void> {
  const graceCutoff = new Date(now.getTime() - GRACE_MS)
  await deleteExpiredSessions(db, graceCutoff)
  await deleteExpiredChallenges(db, graceCutoff)
  await deleteOldFailures(db, new Date(now.getTime() - THROTTLE.windowMs))
  await deleteOldKeys(db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
}
