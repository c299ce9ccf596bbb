/** Periodic clean-up of rows that only matter for a while: sessions, MFA challenges, guess counters, device proofs, idempotency keys. */
import type { Db } from '../db'
import { IDEMPOTENCY_TTL_MS } from '../plugins/app/idempotency'
import { deleteOldKeys } from '../repositories/idempotency-repository'
import { deleteEndedCounters } from '../repositories/auth-counters-repository'
import { deleteUnusedDevices } from '../repositories/known-devices-repository'
import { deleteExpiredChallenges } from '../repositories/mfa-repository'
import { deleteExpiredSessions } from '../repositories/sessions-repository'
import { THROTTLE } from './throttle'

/** Expired temporary tokens are kept a day so that /auth/mfa can still say "expired" rather than "not signed in". */
const GRACE_MS = 24 * 60 * 60 * 1000
/** A device proof unused this long no longer counts as a known device. */
const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000

export async function cleanUp(db: Db, now: Date): Promise<void> {
  const graceCutoff = new Date(now.getTime() - GRACE_MS)
  await deleteExpiredSessions(db, graceCutoff)
  await deleteExpiredChallenges(db, graceCutoff)
  // A window's counter is kept one window longer: the back-off looks at whether the last window was full.
  await deleteEndedCounters(db, new Date(now.getTime() - THROTTLE.windowMs))
  await deleteUnusedDevices(db, new Date(now.getTime() - DEVICE_TTL_MS))
  await deleteOldKeys(db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
}
