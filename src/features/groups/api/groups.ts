/**
 * A group's writes: create and delete online (spec §7), the edit through the outbox (issue 20), and an administrator's
 * list of every group. The teacher's own groups are shared with Kezdőlap and live in src/api (instructor-groups.ts).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import {
  GROUP_MESSAGES,
  type Classroom,
  type CreateGroupRequest,
  type CreateGroupResponse,
  type Group,
  type GroupsResponse,
  type Student,
  type UpdateGroupRequest,
} from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { classroomsQuery } from '@/api/classrooms'
import type { GroupsData } from '@/api/instructor-groups'
import { studentsQuery } from '@/api/students'
import { ApiError, apiRequest, messageOf } from '@/lib/api-client'
import { useQueuedMutation } from '@/lib/outbox'
import { writeMutation } from '@/lib/write-mutation'

/**
 * GET /groups (spec §4 getAllGroups): every group for an administrator (a teacher's answer is their own, so only an
 * administrator's Csoportok asks for it, issue 20). The same shape as the teacher's list, so the edit's optimistic
 * view applies to it too.
 */
export async function getAllGroups(signal?: AbortSignal): Promise<GroupsData> {
  const { data, date } = await apiRequest<GroupsResponse>('/groups', { signal })
  return { groups: Array.isArray(data?.groups) ? data.groups : [], date }
}

export const allGroupsQuery = () =>
  queryOptions({ queryKey: queryKeyOf('groups'), queryFn: ({ signal }) => getAllGroups(signal) })

/** Every group, fetched only while `enabled` (an administrator's 'Összes csoport'). */
export function useAllGroups(enabled: boolean) {
  return useQuery({ ...allGroupsQuery(), enabled })
}

// POST /groups/create (spec §7): online only; 201 with `code` 201 is a success.

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

// DELETE /groups/:id (spec §7): online only; 200 with `code` 200 is a success.

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

/**
 * PUT /groups/:id (issue 20): the group as a whole (name, day, time, classroom, members), written through the outbox
 * like the seating, so a teacher can change a group in a dead zone. The body is the whole group, so the optimistic
 * view simply replaces the group's fields in the list (idempotent) and the last of several offline edits wins when
 * they arrive in order. The server unseats removed members and the seats the new classroom lacks
 * (contract/seating-transfer.ts); once it accepts, the seating is fetched again.
 */
const UPDATE_MESSAGES = {
  sent: GROUP_MESSAGES.updated,
  failed: 'Hiba történt a csoport módosítása közben.',
  queued: 'Nincs hálózat – a csoport módosítása elküldésre vár.',
  serverMessage: true,
}

/** The id of the group a PUT /groups/:id names. */
function groupIdOf(url: string): string {
  return decodeURIComponent(url.slice(url.lastIndexOf('/') + 1))
}

/**
 * The group with an edit applied: the body's fields, the members' names from the students list (a member the list
 * does not know yet keeps the name the group had, else shows by username), the room and layout of the classroom.
 */
export function withGroupEdit(
  group: Group,
  body: UpdateGroupRequest,
  students: readonly Student[],
  classrooms: readonly Classroom[],
): Group {
  const known = new Map<string, { id: string; name: string }>()
  for (const member of group.members) known.set(member.username, member)
  for (const student of students) known.set(student.username, student)
  const members = body.students.map((username) => {
    const person = known.get(username)
    return { id: person?.id ?? username, name: person?.name ?? username, username }
  })
  const classroom =
    body.classroom === group.classroom ? null : classrooms.find((c) => c._id === body.classroom)
  return {
    ...group,
    groupName: body.groupName,
    groupDay: body.groupDay,
    startTime: body.startTime,
    endTime: body.endTime,
    members,
    students: members.map((member) => member.name),
    classroom: body.classroom,
    room: body.classroom === '' ? '' : (classroom?.name ?? group.room),
    layout: body.classroom === '' ? null : (classroom?.layout ?? group.layout),
  }
}

/**
 * Saves a group's edit through the outbox; the groups list shows it at once, with the names and rooms of the lists
 * the dialog picked from (read from the cache, never fetched for this).
 */
export function useUpdateGroup() {
  const queryClient = useQueryClient()
  const request = useCallback(
    ({ id, body }: { id: string; body: UpdateGroupRequest }) => ({
      method: 'PUT' as const,
      url: `/groups/${encodeURIComponent(id)}`,
      body,
      label: `Csoport: ${body.groupName}`,
      expectCode: 200,
    }),
    [],
  )
  const optimistic = useCallback(
    (current: GroupsData | undefined, body: UpdateGroupRequest, item: { url: string }): GroupsData => {
      const id = groupIdOf(item.url)
      const students = queryClient.getQueryData(studentsQuery().queryKey)?.students ?? []
      const classrooms = queryClient.getQueryData(classroomsQuery().queryKey)?.classrooms ?? []
      const groups = (current?.groups ?? []).map((group) =>
        group.id === id ? withGroupEdit(group, body, students, classrooms) : group,
      )
      return { groups, date: current?.date ?? null }
    },
    [queryClient],
  )
  const save = useQueuedMutation({
    key: queryKeyOf('groupsInstructor'),
    request,
    optimistic,
    messages: UPDATE_MESSAGES,
  })
  const { mutate } = save
  // The server moved seats: the group's seating (in its old and its new classroom) is read again once it accepted.
  const update = useCallback(
    (group: Group, body: UpdateGroupRequest) =>
      mutate(
        { id: group.id, body },
        {
          onSent: () => {
            // An administrator's edit of another teacher's group shows in every group's list.
            void queryClient.invalidateQueries({ queryKey: queryKeyOf('groups') })
            for (const classroom of new Set([group.classroom, body.classroom]))
              if (classroom)
                void queryClient.invalidateQueries({ queryKey: queryKeyOf('seating', classroom, group.id) })
          },
        },
      ),
    [mutate, queryClient],
  )
  return { update, withPending: save.withPending, pending: save.pending }
}
