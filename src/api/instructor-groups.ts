/**
 * GET /groups/instructor: the groups the signed-in teacher leads, each with its members, room and layout (Csoportok
 * and Kezdőlap). The spec's 404 means "no groups": it is an empty list, not an error.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Group, GroupsResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { ApiError, apiRequest } from '../lib/api-client'

export interface GroupsData {
  groups: Group[]
  /** When the server (or the service worker's cached copy) answered: feeds the offline marker. */
  date: Date | null
}

export async function getInstructorGroups(signal?: AbortSignal): Promise<GroupsData> {
  try {
    const { data, date } = await apiRequest<GroupsResponse>('/groups/instructor', { signal })
    return { groups: Array.isArray(data?.groups) ? data.groups : [], date }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { groups: [], date: null }
    throw error
  }
}

export const instructorGroupsQuery = () =>
  queryOptions({
    queryKey: queryKeyOf('groupsInstructor'),
    queryFn: ({ signal }) => getInstructorGroups(signal),
  })

export function useInstructorGroups() {
  return useQuery(instructorGroupsQuery())
}
