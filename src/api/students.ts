/**
 * The students (spec §4, §7): GET /students/, the list two screens read (Diákok, and a new group's members), and
 * POST /students/password, the password reset Diákok and Kezdőlap both offer.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import type { Student, StudentPasswordRequest, StudentsResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { PASSWORD_MESSAGES } from '@contract/password-rule'
import { ApiError, apiRequest } from '../lib/api-client'
import { writeMutation } from '../lib/write-mutation'

export interface StudentsData {
  students: Student[]
  /** When the server (or the service worker's cached copy) answered: feeds the offline marker. */
  date: Date | null
}

/** GET /students/ (the trailing slash is the spec's path). A 401 is handled inside apiRequest. */
export async function getStudents(signal?: AbortSignal): Promise<StudentsData> {
  const { data, date } = await apiRequest<StudentsResponse>('/students/', { signal })
  return { students: Array.isArray(data?.students) ? data.students : [], date }
}

/**
 * The list loads once per token (spec §4). The key holds nothing secret: a token change always goes through a
 * page reload (login, logout and the 401 rule all reload), which starts a fresh query cache.
 */
export const studentsQuery = () =>
  queryOptions({
    queryKey: queryKeyOf('students'),
    queryFn: ({ signal }) => getStudents(signal),
    staleTime: 5 * 60_000,
  })

export function useStudents() {
  return useQuery(studentsQuery())
}

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
  return PASSWORD_MESSAGES.changeFailed
}
