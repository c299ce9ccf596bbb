import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Student, StudentsResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { apiRequest } from '../lib/api-client'

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
