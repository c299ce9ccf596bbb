/** DELETE /groups/:id (spec §7): online only; 200 with `code` 200 is a success. */
import { useMutation } from '@tanstack/react-query'
import { queryKeyOf } from '@contract/api-resources'
import { apiRequest } from '@/lib/api-client'
import { writeMutation } from '@/lib/write-mutation'
import type { GroupsData } from '@/api/get-instructor-groups'

export async function deleteGroup(id: string): Promise<void> {
  await apiRequest<unknown>(`/groups/${encodeURIComponent(id)}`, { method: 'DELETE', expectCode: 200 })
}

/** The group leaves the list at once and comes back if the server refuses. */
export const deleteGroupMutation = writeMutation<void, string, GroupsData>({
  mutationFn: deleteGroup,
  invalidates: [queryKeyOf('groups')],
  optimistic: {
    queryKey: queryKeyOf('groupsInstructor'),
    update: (current, id) => ({ ...current, groups: current.groups.filter((group) => group.id !== id) }),
  },
})

export function useDeleteGroup() {
  return useMutation(deleteGroupMutation)
}
