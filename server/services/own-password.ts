/**
 * One's own password (issue 11): the change from Beállítások › Profil and the first sign-in with a one-time
 * password. Wrong current passwords are throttled per account like wrong sign-ins; the new password must pass the
 * rule (length, then zxcvbn) and differ from the current one. On success every other session of the user ends —
 * the one that made the change stays — and the one-time mark goes. Audited as changeOwnPassword (a student's password set by a teacher is changeUserPassword).
 *
 * For other screens that set passwords (an administrator's reset): `passwordProblem` (lib/password-strength) for
 * the rule, `hashPassword` outside the transaction, then `replacePasswordHash(tx, id, hash, { oneTime, now })`
 * (repositories/users-repository), which also ends the sessions.
 */
import type { MessageBody } from '@contract/api'
import type { OwnPasswordRequest } from '@contract/api/password'
import { PASSWORD_MESSAGES } from '@contract/password-rule'
import { HttpError } from '../lib/http-error'
import { hashPassword, verifyPassword } from '../lib/password'
import { passwordProblem } from '../lib/password-strength'
import type { SessionWithUser } from '../repositories/sessions-repository'
import { findUserById, replacePasswordHash, type UserRow } from '../repositories/users-repository'
import type { AuthDeps } from './auth-service'
import { claim, clearCounters, THROTTLE } from './throttle'
import type { Change } from './write'

/**
 * Checks the request (slow: scrypt twice, zxcvbn) outside any transaction and returns the change for `runWrite`.
 * A wrong current password is recorded before the 400 so that guessing through a stolen session is throttled.
 */
export async function ownPasswordChange(
  deps: Pick<AuthDeps, 'db' | 'now' | 'config'>,
  session: Pick<SessionWithUser, 'tokenHash' | 'user'>,
  { currentPassword, newPassword }: OwnPasswordRequest,
): Promise<Change<MessageBody>> {
  const accountKey = session.user.id
  // A one-time password was typed moments ago to open this session: the first sign-in screen does not ask again.
  const user = await confirmCurrentPassword(deps, session.user.id, currentPassword, { oneTimeSkips: true })
  const problem = passwordProblem(newPassword, [user.username, user.name])
  if (problem) throw new HttpError(400, problem)
  if (await verifyPassword(newPassword, user.passwordHash)) {
    throw new HttpError(400, PASSWORD_MESSAGES.sameAsCurrent)
  }
  const passwordHash = await hashPassword(newPassword, deps.config.PASSWORD_HASH_LOG_N)

  return async ({ tx, now }) => {
    const changed = await replacePasswordHash(tx, user.id, passwordHash, {
      now,
      oneTime: false,
      keepTokenHash: session.tokenHash,
    })
    if (!changed) throw new HttpError(401, PASSWORD_MESSAGES.changeFailed)
    await clearCounters(tx, ['password'], accountKey)
    return {
      body: { code: 200, message: PASSWORD_MESSAGES.changedOthersEnded },
      audit: { type: 'changeOwnPassword' },
    }
  }
}

/**
 * The account's current password, asked before a change to its security (its password, its MFA e-mail). Wrong ones
 * are throttled per account like wrong sign-ins: the place is claimed before the check (services/throttle.ts), so
 * concurrent guesses check no more passwords than the limit. Returns the account; throws the Hungarian 400.
 */
export async function confirmCurrentPassword(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  userId: string,
  currentPassword: string | undefined,
  { oneTimeSkips = false }: { oneTimeSkips?: boolean } = {},
): Promise<UserRow> {
  const claims = await claim(deps.db, deps.now(), [
    { scope: 'password', key: userId, max: THROTTLE.passwordPerAccount },
  ])
  const user = await findUserById(deps.db, userId)
  if (!user || user.disabled) throw new HttpError(401, PASSWORD_MESSAGES.changeFailed)
  if (!(oneTimeSkips && user.passwordOneTime && currentPassword === undefined)) {
    if (!currentPassword) throw new HttpError(400, PASSWORD_MESSAGES.currentRequired)
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new HttpError(400, PASSWORD_MESSAGES.currentWrong)
    }
  }
  // Not a wrong guess: whatever is refused after this, the claim is given back.
  await claims.succeeded()
  return user
}
