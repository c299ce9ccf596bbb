/**
 * The classrooms' writes (spec §7); the read is shared with Csoportok and lives in src/api/classrooms.ts. Creating,
 * copying and deleting are online writes (`writeMutation`): they change which classrooms exist, and a refusal (409
 * when groups use the room) must reach the user at once. Layout and name edits of the designer go through the outbox
 * (DESIGN §5): a teacher designs in the classroom, offline too.
 */
import { useMutation, type MutationFunctionContext } from '@tanstack/react-query'
import type { Classroom, ClassroomRequest, CreateClassroomResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { LIMITS } from '@contract/limits'
import type { ClassroomsData } from '@/api/classrooms'
import { apiRequest } from '@/lib/api-client'
import { useQueuedMutation, type OutboxItem } from '@/lib/outbox'
import { writeMutation } from '@/lib/write-mutation'

const classroomsKey = queryKeyOf('classrooms')

/** POST /classrooms → the new classroom's id (201 with `code` 201). */
export async function createClassroom(request: ClassroomRequest): Promise<string> {
  const { data } = await apiRequest<CreateClassroomResponse>('/classrooms', {
    method: 'POST',
    body: request,
    expectCode: 201,
  })
  return data.classroomId
}

/** The cached list with `classroom` in it (replacing one with the same id). */
function withClassroom(current: ClassroomsData, classroom: Classroom): ClassroomsData {
  return {
    ...current,
    classrooms: [...current.classrooms.filter((other) => other._id !== classroom._id), classroom],
  }
}

const createOptions = writeMutation<string, ClassroomRequest>({
  mutationFn: createClassroom,
  invalidates: [classroomsKey],
})

/** Creates (or copies) a classroom; once the server answers, the new one is in the cached list at once. */
export function useCreateClassroom() {
  return useMutation({
    ...createOptions,
    onSuccess: (
      classroomId: string,
      request: ClassroomRequest,
      _snapshot: unknown,
      { client }: MutationFunctionContext,
    ) => {
      client.setQueryData<ClassroomsData>(classroomsKey, (current) =>
        current ? withClassroom(current, { _id: classroomId, ...request }) : current,
      )
    },
  })
}

const COPY_SUFFIX = ' (másolat)'

/** 'Másolat': '<name> (másolat)' with the same layout, the name cut so that it stays within the limit. */
export function copyRequest(classroom: Classroom): ClassroomRequest {
  const base = classroom.name.slice(0, LIMITS.nameMax - COPY_SUFFIX.length)
  return { name: `${base}${COPY_SUFFIX}`, layout: classroom.layout }
}

/** DELETE /classrooms/:id (200 with `code` 200; 409 with the groups that use it). */
export async function deleteClassroom(id: string): Promise<void> {
  await apiRequest<unknown>(`/classrooms/${encodeURIComponent(id)}`, { method: 'DELETE', expectCode: 200 })
}

const deleteOptions = writeMutation<void, string, ClassroomsData>({
  mutationFn: deleteClassroom,
  invalidates: [classroomsKey],
  optimistic: {
    queryKey: classroomsKey,
    update: (current, id) => ({ ...current, classrooms: current.classrooms.filter((c) => c._id !== id) }),
  },
})

export function useDeleteClassroom() {
  return useMutation(deleteOptions)
}

export interface LayoutSave extends ClassroomRequest {
  id: string
}

const CLASSROOM_URL = /^\/classrooms\/([^/]+)$/

/** The classroom a queued PUT changes: its id is in the url (the body is only {name, layout}). */
export function classroomIdOf(item: Pick<OutboxItem, 'url'>): string | null {
  const match = CLASSROOM_URL.exec(item.url)
  return match ? decodeURIComponent(match[1]) : null
}

function layoutRequest({ id, name, layout }: LayoutSave) {
  return {
    method: 'PUT' as const,
    url: `/classrooms/${encodeURIComponent(id)}`,
    body: { name, layout } satisfies ClassroomRequest,
    label: `Terem mentése: ${name}`,
    expectCode: 200,
  }
}

/** Sets the classroom's name and layout (a set, so applying it twice changes nothing). */
export function applyLayoutSave(
  current: ClassroomsData | undefined,
  body: ClassroomRequest,
  item: Pick<OutboxItem, 'url'>,
): ClassroomsData | undefined {
  const id = classroomIdOf(item)
  if (!current || !id) return current
  return {
    ...current,
    classrooms: current.classrooms.map((c) =>
      c._id === id ? { ...c, name: body.name, layout: body.layout } : c,
    ),
  }
}

const CLASSROOM_SAVE_FAILED = 'Hiba történt a terem mentése közben.'

/** Saves a designer change through the outbox: shown at once, sent when the network allows, in order, once. */
export function useSaveClassroom() {
  return useQueuedMutation<LayoutSave, ClassroomRequest, ClassroomsData | undefined>({
    key: classroomsKey,
    request: layoutRequest,
    optimistic: applyLayoutSave,
    // Spec §8: classroom failures are only logged, but a refused save vanishes from the view, so it is told
    // (decisions: Tantermek). No toast while a save waits: the card and the designer say 'Mentésre vár'.
    messages: { failed: CLASSROOM_SAVE_FAILED, serverMessage: true },
  })
}
