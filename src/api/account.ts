/**
 * One's own credentials (issue 11, 18), changed from Beállítások and, for a one-time password, after sign-in:
 * POST /auth/password (the password) and POST /auth/setmfa (the address receiving MFA codes). Apart from auth.ts so
 * the login screen's first load does not carry them.
 */
import type { MessageBody } from '@contract/api'
import type { SetMfaRequest } from '@contract/api/auth'
import type { OwnPasswordRequest } from '@contract/api/password'
import { PASSWORD_MESSAGES } from '@contract/password-rule'
import { ApiError, apiRequest, messageOf, NetworkError } from '../lib/api-client'

/** Resolves with the server's message; success is HTTP 200 with `code` 200. */
export async function changeOwnPassword(request: OwnPasswordRequest): Promise<string> {
  const { data } = await apiRequest<MessageBody>('/auth/password', {
    method: 'POST',
    body: request,
    expectCode: 200,
  })
  return data.message || PASSWORD_MESSAGES.changed
}

/** What the form says after a failure: the server's Hungarian message, the network's, or the generic one. */
export function ownPasswordErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return error.message
  if (error instanceof ApiError) return messageOf(error.body) ?? PASSWORD_MESSAGES.changeFailed
  return PASSWORD_MESSAGES.changeFailed
}

/** Which field a refusal of the server is about: the current password, the new one, or neither (the form). */
export function ownPasswordErrorField(message: string): 'currentPassword' | 'newPassword' | null {
  if (message === PASSWORD_MESSAGES.currentWrong || message === PASSWORD_MESSAGES.currentRequired)
    return 'currentPassword'
  const aboutNew: string[] = [
    PASSWORD_MESSAGES.tooShort,
    PASSWORD_MESSAGES.tooLong,
    PASSWORD_MESSAGES.tooWeak,
    PASSWORD_MESSAGES.sameAsCurrent,
  ]
  return aboutNew.includes(message) ? 'newPassword' : null
}

/**
 * POST /auth/setmfa {email, password}: sets (or with '' clears) the address receiving MFA codes. The current
 * password is asked for every change (beyond the spec, issue 18). Spec §5: the answer is accepted only if its code is
 * 200–204; otherwise throws with the server's message.
 */
export async function setMfa(request: SetMfaRequest): Promise<MessageBody> {
  const { data } = await apiRequest<MessageBody>('/auth/setmfa', {
    method: 'POST',
    body: request,
    expectCode: (code) => code >= 200 && code <= 204,
  })
  return data
}
