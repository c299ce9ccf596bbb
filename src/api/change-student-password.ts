import { useMutation } from '@tanstack/react-query'
import type { StudentPasswordRequest } from '@contract/api'
import { ApiError, apiRequest } from '../lib/api-client'
import { writeMutation } from '../lib/write-mutation'

/** POST /students/password. Success is HTTP 200 with `code` 200 (spec §7): any other code throws an ApiError. */
export async function changeStudentPassword(request: StudentPasswordRequest): Promise<void> {
  await apiRequest<unknown>('/students/password', { method: 'POST', body: request, expectCode: 200 })
}

/** A password is in no list the page shows: the write changes no query. */
export const changeStudentPasswordMutation = writeMutation({
  mutationFn: changeStudentPassword,
  invalidates: [],
})

export function useChangeStudentPassword() {
  return useMutation(changeStudentPasswordMutation)
}

/** The spec's wording (§8): the server's message when it answered, the generic one otherwise. */
export function passwordErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return `Hiba történt: ${error.message}`
  return 'Hiba történt a jelszó módosítása során.'
}
