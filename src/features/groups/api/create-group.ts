/** POST /groups/create (spec §7): online only; 201 with `code` 201 is a success. */
import { useMutation } from '@tanstack/react-query'
import type { CreateGroupRequest, CreateGroupResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { ApiError, apiRequest, messageOf } from '@/lib/api-client'
import { writeMutation } from '@/lib/write-mutation'

export async function createGroup(request: CreateGroupRequest): Promise<CreateGroupResponse> {
  const { data } = await apiRequest<CreateGroupResponse>('/groups/create', {
    method: 'POST',
    body: request,
    expectCode: 201,
  })
  return data
}

/** The new group shows once the server has it: the lists refetch (no optimistic row without the server's id). */
export const createGroupMutation = writeMutation({
  mutationFn: createGroup,
  invalidates: [queryKeyOf('groupsInstructor'), queryKeyOf('groups')],
})

export function useCreateGroup() {
  return useMutation(createGroupMutation)
}

export const CREATE_FAILED = 'Hiba történt a csoport létrehozása közben.'

/**
 * Spec §8: a 400 shows the server's message if it gave one, and so does a 409 (an identical group, issue 18);
 * anything else the generic message.
 */
export function createGroupErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409))
    return messageOf(error.body) ?? CREATE_FAILED
  return CREATE_FAILED
}
