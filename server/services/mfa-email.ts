/** The signed-in user's MFA e-mail (spec §7 /auth/setmfa): an empty one turns MFA off. */
import type { MessageBody } from '../../contract/api'
import { LIMITS } from '../../contract/limits'
import { MESSAGES } from '../../contract/messages'
import { HttpError } from '../lib/http-error'
import { setMfaEmail as storeMfaEmail } from '../repositories/users-repository'
import type { WriteContext, WriteResult } from './write'

const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]+$/

export async function setMfaEmail(w: WriteContext, value: string): Promise<WriteResult<MessageBody>> {
  const email = value.trim()
  if (email && (email.length > LIMITS.emailMax || !EMAIL.test(email)))
    throw new HttpError(400, MESSAGES.invalidEmail)
  await storeMfaEmail(w.tx, w.user.id, email || null)
  return { body: { code: 200, message: email ? MESSAGES.mfaSaved : MESSAGES.mfaDisabled } }
}
