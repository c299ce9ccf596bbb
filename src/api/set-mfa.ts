/** POST /auth/setmfa {email}: sets (or with '' clears) the address receiving MFA codes. */
import { useMutation } from '@tanstack/react-query'
import type { MessageBody } from '../../contract/api'
import { ApiError, apiRequest } from '../lib/api-client'

/** Spec §5: the answer is accepted only if its code is 200–204; otherwise throws with the server's message. */
export async function setMfa(email: string): Promise<MessageBody> {
  const { data, status } = await apiRequest<MessageBody>('/auth/setmfa', { method: 'POST', body: { email } })
  const code = typeof data?.code === 'number' ? data.code : status
  if (code < 200 || code > 204) throw new ApiError(code, data?.message || 'Failed to update settings', data)
  return data
}

export function useSetMfa() {
  return useMutation({ mutationFn: setMfa })
}
