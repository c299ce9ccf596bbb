import { useMutation } from '@tanstack/react-query'
import type { MessageBody, StudentPasswordRequest } from '../../../../contract/api'
import { ApiError, apiRequest, messageOf } from '../../../lib/api-client'

/**
 * POST /students/password. Success is HTTP 200 with `code` 200 (spec §7); a body code other than 200 is a
 * failure even on a 2xx answer, reported as an ApiError carrying the server's message.
 */
export async function changeStudentPassword(request: StudentPasswordRequest): Promise<void> {
  const { data, status } = await apiRequest<Partial<MessageBody> | null>('/students/password', {
    method: 'POST',
    body: request,
  })
  const code = typeof data?.code === 'number' ? data.code : status
  if (code !== 200) throw new ApiError(code, messageOf(data) ?? '', data)
}

export function useChangeStudentPassword() {
  return useMutation({ mutationFn: changeStudentPassword })
}

/** The spec's wording (§8): the server's message when it answered, the generic one otherwise. */
export function passwordErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return `Hiba történt: ${error.message}`
  return 'Hiba történt a jelszó módosítása során.'
}
