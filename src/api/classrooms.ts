/** GET /classrooms: every classroom with its layout (Tantermek, and the classroom choice of a new group). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Classroom, ClassroomsResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { apiRequest } from '../lib/api-client'

export interface ClassroomsData {
  classrooms: Classroom[]
  /** When the server (or the service worker's cached copy) answered: feeds the offline marker. */
  date: Date | null
}

export async function getClassrooms(signal?: AbortSignal): Promise<ClassroomsData> {
  const { data, date } = await apiRequest<ClassroomsResponse>('/classrooms', { signal })
  return { classrooms: Array.isArray(data?.classrooms) ? data.classrooms : [], date }
}

export const classroomsQuery = () =>
  queryOptions({
    queryKey: queryKeyOf('classrooms'),
    queryFn: ({ signal }) => getClassrooms(signal),
  })

export function useClassrooms() {
  return useQuery(classroomsQuery())
}
