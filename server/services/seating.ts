/**
 * A group's seating in its classroom (spec §3, §4): read, or replaced whole. The caller must see the group (own, or
 * administrator) and name its classroom; every position is checked with the shared `seatingProblem`.
 */
import type { ClassroomLayout, MessageBody, SeatPosition, SeatingRequest } from '@contract/api'
import { seatingProblem } from '@contract/classroom-layout'
import { MESSAGES } from '@contract/messages'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import { findClassroom } from '../repositories/classrooms-repository'
import { listMembers, type GroupRow } from '../repositories/groups-repository'
import { findSeating, setSeating } from '../repositories/seating-repository'
import { visibleGroup } from './groups'
import type { Change, WriteContext } from './write'

type Caller = WriteContext['user']

/**
 * The group behind a seating path: 404 unless visible and in that classroom; 400 'Hiányzó adatok' without one.
 * A write (`lock`) locks the group and re-reads the layout under a share lock, so a concurrent layout change either
 * waits for this seating (and prunes it) or has committed first (and this seating is checked against it).
 */
async function seatedGroup(
  db: Db,
  caller: Caller,
  classroomId: string,
  groupId: string,
  lock = false,
): Promise<GroupRow & { classroomId: string; layout: ClassroomLayout }> {
  const group = await visibleGroup(db, caller, groupId, lock)
  if (!group.classroomId || !group.layout) throw new HttpError(400, MESSAGES.seatingNoLayout)
  if (group.classroomId !== classroomId) throw new HttpError(404, MESSAGES.groupNotFound)
  const layout = lock ? (await findClassroom(db, group.classroomId, 'share'))?.layout : group.layout
  if (!layout) throw new HttpError(400, MESSAGES.seatingNoLayout)
  return { ...group, classroomId: group.classroomId, layout }
}

/** GET …/seating: the positions of the group's members ([] when nobody is seated). */
export async function seatingOf(
  db: Db,
  caller: Caller,
  classroomId: string,
  groupId: string,
): Promise<SeatPosition[]> {
  const group = await seatedGroup(db, caller, classroomId, groupId)
  // A student whose account was removed has left the group: their seat is not shown.
  const members = new Set((await listMembers(db, [group.id])).map((member) => member.username))
  return (await findSeating(db, group.id)).filter((seat) => members.has(seat.student))
}

/**
 * POST …/seating replaces the seating; an empty list clears it (audited as deleteSeating, otherwise updateSeating).
 * A bad position (outside, not a student desk, a taken desk, a student twice, not a member) is a 400 with its
 * message.
 */
export function saveSeating(classroomId: string, groupId: string, body: SeatingRequest): Change<MessageBody> {
  return async ({ tx, now, user }) => {
    const group = await seatedGroup(tx, user, classroomId, groupId, true)
    const members = new Set((await listMembers(tx, [group.id])).map((member) => member.username))
    const problem = seatingProblem(group.layout, body.positions, members)
    if (problem) throw new HttpError(400, problem)
    await setSeating(tx, group.id, body.positions, now)
    return {
      body: { code: 200, message: MESSAGES.seatingSaved },
      audit: {
        type: body.positions.length ? 'updateSeating' : 'deleteSeating',
        extras: { groupId: group.id, groupName: group.name, classroomId: group.classroomId },
      },
    }
  }
}
