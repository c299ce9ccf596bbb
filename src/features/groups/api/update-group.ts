/**
 * PUT /groups/:id (issue 20): the group as a whole (name, day, time, classroom, members), written through the outbox
 * like the seating, so a teacher can change a group in a dead zone. The body is the whole group, so the optimistic
 * view simply replaces the group's fields in the list (idempotent) and the last of several offline edits wins when
 * they arrive in order. The server unseats removed members and the seats the new classroom lacks
 * (contract/seating-transfer.ts); once it accepts, the seating is fetched again.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import {
  GROUP_MESSAGES,
  type Classroom,
  type Group,
  type Student,
  type UpdateGroupRequest,
} from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { classroomsQuery } from '@/api/get-classrooms'
import type { GroupsData } from '@/api/get-instructor-groups'
import { studentsQuery } from '@/api/get-students'
import { useQueuedMutation } from '@/lib/outbox'

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
