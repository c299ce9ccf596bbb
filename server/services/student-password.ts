/** A teacher or administrator sets a student's password (spec §7), audited as changeUserPassword. */
import type { MessageBody, StudentPasswordRequest } from '@contract/api'
import { LIMITS } from '@contract/limits'
import { MESSAGES } from '@contract/messages'
import { HttpError } from '../lib/http-error'
import { hashPassword } from '../lib/password'
import { setPasswordHash } from '../repositories/users-repository'
import type { Change } from './write'

/**
 * Checks the new password and hashes it (slow, so outside the transaction); returns the change for `runWrite`.
 * Setting the hash also revokes the student's sessions.
 */
export async function studentPasswordChange(
  { username, password }: StudentPasswordRequest,
  logN: number,
): Promise<Change<MessageBody>> {
  if ([...password].length < LIMITS.passwordMin) throw new HttpError(400, MESSAGES.passwordTooShort)
  const passwordHash = await hashPassword(password, logN)
  return async ({ tx, now }) => {
    const student = await setPasswordHash(tx, username, passwordHash, { now, onlyType: 'student' })
    if (!student) throw new HttpError(404, MESSAGES.studentNotFound)
    return {
      body: { code: 200, message: MESSAGES.passwordChanged },
      audit: { type: 'changeUserPassword', extras: { studentUsername: student.username } },
    }
  }
}
