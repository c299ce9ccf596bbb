/**
 * Classrooms with their layout, and a group's seating in one (spec §3, §7). The layout rules beyond the shape
 * (objects inside the grid, one per cell) are in `contract/classroom-layout.ts`, shared by server and designer.
 */
import { Type, type Static } from '@sinclair/typebox'
import { LAYOUT_MESSAGES } from '../classroom-layout'
import { LIMITS } from '../limits'
import { MESSAGES } from '../messages'
import { strict } from './common'

const dimension = Type.Integer({ minimum: 1, maximum: 20 })
const coordinate = Type.Integer({ minimum: 0, maximum: 19, errorMessage: LAYOUT_MESSAGES.outside })

export const LayoutObject = Type.Object(
  { x: coordinate, y: coordinate, type: Type.Union([Type.Literal('student'), Type.Literal('teacher')]) },
  strict,
)
export type LayoutObject = Static<typeof LayoutObject>

/** `size` is [columns, rows]; at most one object per cell, so 400 objects at most. */
export const ClassroomLayout = Type.Object(
  {
    size: Type.Tuple([dimension, dimension], { errorMessage: LAYOUT_MESSAGES.size }),
    objects: Type.Array(LayoutObject, { maxItems: 400 }),
  },
  strict,
)
export type ClassroomLayout = Static<typeof ClassroomLayout>

export const Classroom = Type.Object({ _id: Type.String(), name: Type.String(), layout: ClassroomLayout })
export type Classroom = Static<typeof Classroom>

export const ClassroomsResponse = Type.Object({ classrooms: Type.Array(Classroom) })
export type ClassroomsResponse = Static<typeof ClassroomsResponse>

export const ClassroomResponse = Type.Object({ classroom: Classroom })
export type ClassroomResponse = Static<typeof ClassroomResponse>

/** POST /classrooms and PUT /classrooms/:id (the PUT replaces name and layout: a replayed save changes nothing). */
export const ClassroomRequest = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: LIMITS.nameMax,
      errorMessage: { required: MESSAGES.groupNameRequired, minLength: MESSAGES.groupNameRequired },
    }),
    layout: ClassroomLayout,
  },
  strict,
)
export type ClassroomRequest = Static<typeof ClassroomRequest>

export const CreateClassroomResponse = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  classroomId: Type.String(),
})
export type CreateClassroomResponse = Static<typeof CreateClassroomResponse>

export const ClassroomIdParams = Type.Object({ id: Type.String({ maxLength: 200 }) })
export type ClassroomIdParams = Static<typeof ClassroomIdParams>

/** One seated student: the member's username and the desk's cell 'x-y' (DESIGN §3). */
export const SeatPosition = Type.Object(
  {
    student: Type.String({ minLength: 1, maxLength: LIMITS.usernameMax }),
    position: Type.String({ pattern: '^[0-9]{1,2}-[0-9]{1,2}$', errorMessage: LAYOUT_MESSAGES.seatOutside }),
  },
  strict,
)
export type SeatPosition = Static<typeof SeatPosition>

export const SeatingParams = Type.Object({
  classroomId: Type.String({ maxLength: 200 }),
  groupId: Type.String({ maxLength: 200 }),
})
export type SeatingParams = Static<typeof SeatingParams>

/** GET …/seating: `code` 200 and the positions (empty when nobody is seated yet). */
export const SeatingResponse = Type.Object({ code: Type.Integer(), positions: Type.Array(SeatPosition) })
export type SeatingResponse = Static<typeof SeatingResponse>

/** POST …/seating replaces the whole seating; an empty list clears it (audited as deleteSeating). */
export const SeatingRequest = Type.Object({ positions: Type.Array(SeatPosition, { maxItems: 400 }) }, strict)
export type SeatingRequest = Static<typeof SeatingRequest>
