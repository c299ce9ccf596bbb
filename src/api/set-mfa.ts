/**
 * POST /auth/setmfa {email, password}: sets (or with '' clears) the address receiving MFA codes. The current
 * password is asked for every change (beyond the spec, issue 18).
 */
import type { MessageBody } from '@contract/api'
import type { SetMfaRequest } from '@contract/api/auth'
import { apiRequest } from '../lib/api-client'

/** Spec §5: the answer is accepted only if its code is 200–204; otherwise throws with the server's message. */
export async function setMfa(request: SetMfaRequest): Promise<MessageBody> {
  const { data } = await apiRequest<MessageBody>('/auth/setmfa', {
    method: 'POST',
    body: request,
    expectCode: (code) => code >= 200 && code <= 204,
  })
  return data
}
