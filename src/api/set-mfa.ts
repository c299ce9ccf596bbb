/** POST /auth/setmfa {email}: sets (or with '' clears) the address receiving MFA codes. */
import type { MessageBody } from '../../contract/api'
import { apiRequest } from '../lib/api-client'

/** Spec §5: the answer is accepted only if its code is 200–204; otherwise throws with the server's message. */
export async function setMfa(email: string): Promise<MessageBody> {
  const { data } = await apiRequest<MessageBody>('/auth/setmfa', {
    method: 'POST',
    body: { email },
    expectCode: (code) => code >= 200 && code <= 204,
  })
  return data
}
