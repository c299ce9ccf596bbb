/**
 * Classrooms (spec §3, §4, §9): school-wide — every user with the feature reads and edits all of them. A layout is
 * checked with the shared `layoutProblem`; a layout change drops the seats that no longer are on a student desk, and
 * a classroom that groups meet in is not deleted (409 naming them).
 */
import type { Classroom, ClassroomRequest, CreateClassroomResponse, MessageBody } from '@contract/api'
import { layoutProblem, seatingOnLayout } from '@contract/classroom-layout'
import { MESSAGES } from '@contract/messages'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import {
  deleteClassroom as removeClassroom,
  findClassroom,
  groupsInClassroom,
  insertClassroom,
  listClassrooms,
  updateClassroom as storeClassroom,
  type ClassroomRow,
} from '../repositories/classrooms-repository'
import { groupIdsInClassroom } from '../repositories/groups-repository'
import { seatingsOf, setSeating } from '../repositories/seating-repository'
import { isUuid } from '../lib/uuid'
import { keptList, type KeptList } from './kept-lists'
import type { Change } from './write'

const collator = new Intl.Collator('hu', { numeric: true })

function toClassroom(row: ClassroomRow): Classroom {
  return { _id: row.id, name: row.name, layout: row.layout }
}

/** Every classroom, by name ('101' before '204' before 'Informatika'). */
async function classroomsList(db: Db): Promise<Classroom[]> {
  const rows = await listClassrooms(db)
  return rows.map(toClassroom).sort((a, b) => collator.compare(a.name, b.name))
}

/**
 * GET /classrooms: every classroom with its layout (a district's 200 are 200 KB), kept serialised per change of the
 * groups' counter, which counts the classrooms' changes (services/kept-lists.ts). A change of a group or its members
 * rebuilds it too: a few milliseconds, and no counter of its own to migrate and bump.
 */
export function keptClassrooms(db: Db): KeptList {
  return keptList(db, 'groups', async () => ({
    body: JSON.stringify({ classrooms: await classroomsList(db) }),
    value: undefined,
  }))
}

export async function classroomById(db: Db, id: string): Promise<Classroom> {
  const row = isUuid(id) ? await findClassroom(db, id) : null
  if (!row) throw new HttpError(404, MESSAGES.classroomNotFound)
  return toClassroom(row)
}

/** The body's rules beyond its schema (a blank name, the layout's); returns the trimmed name. */
function checkedClassroom(body: ClassroomRequest): ClassroomRequest {
  const name = body.name.trim()
  if (!name) throw new HttpError(400, MESSAGES.groupNameRequired)
  const problem = layoutProblem(body.layout)
  if (problem) throw new HttpError(400, problem)
  return { name, layout: body.layout }
}

/** POST /classrooms → 201 {classroomId}; audited as createClassroom. */
export function createClassroom(body: ClassroomRequest): Change<CreateClassroomResponse> {
  const input = checkedClassroom(body)
  return async ({ tx, now }) => {
    const row = await insertClassroom(tx, { ...input, now })
    return {
      status: 201,
      body: { code: 201, message: MESSAGES.classroomCreated, classroomId: row.id },
      audit: { type: 'createClassroom', extras: { classroomId: row.id, classroomName: row.name } },
    }
  }
}

/**
 * PUT /classrooms/:id replaces name and layout (a replay changes nothing more). The seats of the groups meeting
 * there that are no longer on a student desk are dropped in the same transaction.
 */
export function updateClassroom(id: string, body: ClassroomRequest): Change<MessageBody> {
  const input = checkedClassroom(body)
  return async ({ tx, now }) => {
    if (!isUuid(id) || !(await storeClassroom(tx, id, { ...input, now })))
      throw new HttpError(404, MESSAGES.classroomNotFound)
    const seatings = await seatingsOf(tx, await groupIdsInClassroom(tx, id))
    for (const [groupId, positions] of seatings) {
      const kept = seatingOnLayout(input.layout, positions)
      if (kept.length !== positions.length) await setSeating(tx, groupId, kept, now)
    }
    return {
      body: { code: 200, message: MESSAGES.classroomSaved },
      audit: { type: 'updateClassroom', extras: { classroomId: id, classroomName: input.name } },
    }
  }
}

/** DELETE /classrooms/:id; 409 naming the groups that meet there. */
export function deleteClassroom(id: string): Change<MessageBody> {
  return async ({ tx }) => {
    // Locked first: a group being created in it commits before the check below sees it (then 409).
    const row = isUuid(id) ? await findClassroom(tx, id, 'update') : null
    if (!row) throw new HttpError(404, MESSAGES.classroomNotFound)
    const users = await groupsInClassroom(tx, id)
    if (users.length) {
      const names = users.map((group) => group.name).sort(collator.compare)
      throw new HttpError(409, MESSAGES.classroomInUse.replace('{groups}', names.join(', ')))
    }
    await removeClassroom(tx, id)
    return {
      body: { code: 200, message: MESSAGES.classroomDeleted },
      audit: { type: 'deleteClassroom', extras: { classroomId: row.id, classroomName: row.name } },
    }
  }
}
