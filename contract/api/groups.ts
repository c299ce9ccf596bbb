/**
 * Student groups and their notes (spec §3, §7; DESIGN §3). A teacher sees and changes the groups they lead; an
 * administrator all of them.
 */
import { Type, type Static } from '@sinclair/typebox'
import { LIMITS } from '../limits'
import { MESSAGES } from '../messages'
import { ClassroomLayout } from './classrooms'
import { strict } from './common'

/**
 * A group's time of day (issue 20, beyond the spec): 'HH:MM' in 15-minute steps. Required for a new group, optional
 * (null) for one created before groups had a time; the end must be after the start (the server checks that).
 */
export const GROUP_TIME_PATTERN = '^([01][0-9]|2[0-3]):(00|15|30|45)$'

export const GROUP_TIME_MESSAGES = {
  startRequired: 'Add meg a kezdés idejét.',
  endRequired: 'Add meg a befejezés idejét.',
  step: 'Az időpontot ÓÓ:PP alakban, negyedórás lépésekben lehet megadni (pl. 08:15).',
  endBeforeStart: 'A befejezésnek a kezdés után kell lennie.',
} as const

export const GROUP_MESSAGES = {
  updated: 'Csoport sikeresen módosítva.',
} as const

function groupTime(required: string) {
  return Type.String({
    minLength: 1,
    pattern: GROUP_TIME_PATTERN,
    errorMessage: { required, minLength: required, pattern: GROUP_TIME_MESSAGES.step },
  })
}

export const GroupMember = Type.Object({ id: Type.String(), name: Type.String(), username: Type.String() })
export type GroupMember = Static<typeof GroupMember>

/**
 * `students` are the members' names (the spec), `members` the same people with id and username (DESIGN §3).
 * `classroom` is the classroom's id ('' when it has none), `room` its name, shown as '{room}. terem', and `layout`
 * its layout (null without a classroom), so the seating editor and the dashboard need one call.
 */
export const Group = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  groupName: Type.String(),
  groupDay: Type.Integer({ minimum: 1, maximum: 7 }),
  students: Type.Array(Type.String()),
  members: Type.Array(GroupMember),
  classroom: Type.String(),
  room: Type.String(),
  layout: Type.Union([ClassroomLayout, Type.Null()]),
  /** The leading teacher's name. */
  instructor: Type.String(),
  /** 'HH:MM', null for a group without a time (created before groups had one). */
  startTime: Type.Union([Type.String(), Type.Null()]),
  endTime: Type.Union([Type.String(), Type.Null()]),
})
export type Group = Static<typeof Group>

/** GET /groups/instructor (404 when the caller leads no group) and GET /groups. */
export const GroupsResponse = Type.Object({ code: Type.Integer(), groups: Type.Array(Group) })
export type GroupsResponse = Static<typeof GroupsResponse>

/** POST /groups/create. `students` are usernames; `classroom` a classroom id, or '' for none. */
export const CreateGroupRequest = Type.Object(
  {
    groupName: Type.String({
      minLength: 1,
      maxLength: LIMITS.nameMax,
      errorMessage: { required: MESSAGES.groupNameRequired, minLength: MESSAGES.groupNameRequired },
    }),
    groupDay: Type.Integer({ minimum: 1, maximum: 7, errorMessage: MESSAGES.groupDayInvalid }),
    students: Type.Array(Type.String({ minLength: 1, maxLength: LIMITS.usernameMax }), {
      minItems: 1,
      maxItems: 200,
      errorMessage: { required: MESSAGES.groupNameRequired, minItems: MESSAGES.groupNameRequired },
    }),
    classroom: Type.String({ maxLength: 200, errorMessage: MESSAGES.unknownClassroom }),
    startTime: groupTime(GROUP_TIME_MESSAGES.startRequired),
    endTime: groupTime(GROUP_TIME_MESSAGES.endRequired),
  },
  strict,
)
export type CreateGroupRequest = Static<typeof CreateGroupRequest>

/** A time on PUT /groups/:id: as on create, or null for none (a group created before groups had a time). */
function optionalGroupTime(required: string) {
  const time = groupTime(required)
  return Type.Union([time, Type.Null()], { errorMessage: time.errorMessage })
}

/**
 * PUT /groups/:id: the group as a whole, as on create (rename, day, time, classroom, members). The times may both be
 * null (no time); one without the other is a 400. A removed member leaves the seating, a new classroom keeps the
 * seats that exist in its layout (contract/seating-transfer.ts).
 */
export const UpdateGroupRequest = Type.Object(
  {
    ...CreateGroupRequest.properties,
    startTime: optionalGroupTime(GROUP_TIME_MESSAGES.startRequired),
    endTime: optionalGroupTime(GROUP_TIME_MESSAGES.endRequired),
  },
  strict,
)
export type UpdateGroupRequest = Static<typeof UpdateGroupRequest>

export const CreateGroupResponse = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  groupId: Type.String(),
})
export type CreateGroupResponse = Static<typeof CreateGroupResponse>

export const GroupIdParams = Type.Object({ id: Type.String({ maxLength: 200 }) })
export type GroupIdParams = Static<typeof GroupIdParams>

/** A note is plain text: stored and returned as typed, never as HTML. `createdAt` is ISO 8601. */
export const Note = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  message: Type.String(),
  groupId: Type.String(),
  createdAt: Type.String(),
  /** The author's name. */
  createdBy: Type.String(),
})
export type Note = Static<typeof Note>

/** GET /notes/:groupId, newest first. */
export const NotesResponse = Type.Object({ code: Type.Integer(), notes: Type.Array(Note) })
export type NotesResponse = Static<typeof NotesResponse>

export const NotesParams = Type.Object({ groupId: Type.String({ maxLength: 200 }) })
export type NotesParams = Static<typeof NotesParams>

export const CreateNoteRequest = Type.Object(
  {
    message: Type.String({
      minLength: 1,
      maxLength: LIMITS.noteMax,
      errorMessage: { required: MESSAGES.noteEmpty, minLength: MESSAGES.noteEmpty },
    }),
    groupId: Type.String({ maxLength: 200 }),
  },
  strict,
)
export type CreateNoteRequest = Static<typeof CreateNoteRequest>

export const CreateNoteResponse = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  noteId: Type.String(),
})
export type CreateNoteResponse = Static<typeof CreateNoteResponse>
