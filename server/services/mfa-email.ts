/**
 * The signed-in user's MFA e-mail (spec §7 /auth/setmfa): an empty one turns MFA off. Beyond the spec (issue 18):
 * setting, changing or removing it asks for the current password, as a password change does — a session left open
 * on a shared tablet must not be enough to send the codes elsewhere or switch them off. Audited as changeMfaEmail.
 */
import type { MessageBody } from '@contract/api'
import type { SetMfaRequest } from '@contract/api/auth'
import { LIMITS } from '@contract/limits'
import { MESSAGES } from '@contract/messages'
import { HttpError } from '../lib/http-error'
import type { SessionWithUser } from '../repositories/sessions-repository'
import { setMfaEmail as storeMfaEmail } from '../repositories/users-repository'
import type { AuthDeps } from './auth-service'
import { confirmCurrentPassword } from './own-password'
import { clearCounters } from './throttle'
import type { Change } from './write'

const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]+$/

/** Checks the address, then the password (slow: scrypt), outside any transaction; returns the change for `runWrite`. */
export async function mfaEmailChange(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  session: Pick<SessionWithUser, 'user'>,
  { email: value, password }: SetMfaRequest,
): Promise<Change<MessageBody>> {
  const email = value.trim()
  if (email && (email.length > LIMITS.emailMax || !EMAIL.test(email)))
    throw new HttpError(400, MESSAGES.invalidEmail)
  const user = await confirmCurrentPassword(deps, session.user.id, password)
  return async ({ tx }) => {
    await storeMfaEmail(tx, user.id, email || null)
    await clearCounters(tx, ['password'], user.id)
    return {
      body: { code: 200, message: email ? MESSAGES.mfaSaved : MESSAGES.mfaDisabled },
      audit: { type: 'changeMfaEmail', extras: { mfaEnabled: String(Boolean(email)) } },
    }
  }
}
