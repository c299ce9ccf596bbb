/**
 * Student groups and their notes (spec §3, §7; DESIGN §3). A teacher sees and changes the groups they lead; an
 * administrator all of them.
 */
import { Type, type Static } from '@sinclair/typebox'
import { LIMITS } from '../limits'
import { MESSAGES } from '../messages'
import { ClassroomLayout } from './classrooms'
import { strict } from './common'

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
  },
  strict,
)
export type CreateGroupRequest = Static<typeof CreateGroupRequest>

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
