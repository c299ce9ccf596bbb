/** The students list and the students' password reset (spec §7). */
import { Type, type Static } from '@sinclair/typebox'
import { LIMITS } from '../limits'
import { strict } from './common'

export const Student = Type.Object({ id: Type.String(), name: Type.String(), username: Type.String() })
export type Student = Static<typeof Student>

export const StudentsResponse = Type.Object({ students: Type.Array(Student) })
export type StudentsResponse = Static<typeof StudentsResponse>

export const StudentPasswordRequest = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: LIMITS.usernameMax }),
    password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
  },
  strict,
)
export type StudentPasswordRequest = Static<typeof StudentPasswordRequest>
