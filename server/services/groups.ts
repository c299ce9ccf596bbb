/**
 * Student groups (spec §3, §7; DESIGN §3). A teacher sees and changes the groups they lead; an administrator all of
 * them. A group another teacher leads answers 404, as one that does not exist (its existence is not shown).
 */
import {
  GROUP_MESSAGES,
  GROUP_TIME_MESSAGES,
  type CreateGroupRequest,
  type CreateGroupResponse,
  type Group,
  type GroupMember,
  type MessageBody,
  type UpdateGroupRequest,
} from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { transferSeating } from '@contract/seating-transfer'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import { findClassroom } from '../repositories/classrooms-repository'
import {
  deleteGroup as removeGroup,
  findGroup,
  findStudents,
  identicalGroupExists,
  insertGroup,
  listGroups,
  listMembers,
  updateGroup as changeGroup,
  type GroupRow,
  type MemberRow,
} from '../repositories/groups-repository'
import { isUuid } from '../lib/uuid'
import { findSeating, setSeating } from '../repositories/seating-repository'
import { keptList, type KeptList } from './kept-lists'
import type { Change, WriteContext } from './write'

export const collator = new Intl.Collator('hu', { numeric: true })

type Caller = WriteContext['user']

function toGroup(row: GroupRow, members: GroupMember[]): Group {
  return {
    id: row.id,
    _id: row.id,
    groupName: row.name,
    groupDay: row.day,
    students: members.map((member) => member.name),
    members,
    classroom: row.classroomId ?? '',
    room: row.classroomName ?? '',
    layout: row.layout ?? null,
    instructor: row.instructorName,
    startTime: row.startTime,
    endTime: row.endTime,
  }
}

/** The members of a group, by name (Hungarian collation), then username. */
export function sortedMembers(rows: readonly MemberRow[]): GroupMember[] {
  return rows
    .map(({ id, name, username }) => ({ id, name, username }))
    .sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.username, b.username))
}

async function withMembers(db: Db, rows: GroupRow[]): Promise<Group[]> {
  const members = await listMembers(
    db,
    rows.map((row) => row.id),
  )
  const byGroup = new Map<string, MemberRow[]>()
  for (const member of members) byGroup.set(member.groupId, [...(byGroup.get(member.groupId) ?? []), member])
  return rows
    .map((row) => toGroup(row, sortedMembers(byGroup.get(row.id) ?? [])))
    .sort(
      (a, b) =>
        a.groupDay - b.groupDay || collator.compare(a.groupName, b.groupName) || a.id.localeCompare(b.id),
    )
}

/** GET /groups/instructor: the caller's own groups (also an administrator's); 404 'Nincsenek csoportjaid.' when none. */
export async function instructorGroups(db: Db, caller: Caller): Promise<Group[]> {
  const groups = await withMembers(db, await listGroups(db, caller.id))
  if (groups.length === 0) throw new HttpError(404, MESSAGES.noGroups)
  return groups
}

/** GET /groups for a teacher: their own groups (a few: made per request). An empty list is 200. */
export async function allGroups(db: Db, caller: Caller): Promise<Group[]> {
  return withMembers(db, await listGroups(db, caller.type === 'admin' ? null : caller.id))
}

/**
 * GET /groups for an administrator: every group, kept serialised per change of the groups' counter (groups, their
 * members, classrooms, users' names: services/kept-lists.ts).
 */
export function keptAllGroups(db: Db): KeptList {
  return keptList(db, 'groups', async (stillWanted) => {
    const rows = await listGroups(db, null)
    stillWanted()
    const groups = await withMembers(db, rows)
    stillWanted()
    return { body: JSON.stringify({ code: 200, groups }), value: undefined }
  })
}

/**
 * The group if the caller may see it (leads it, or is an administrator); else 404. A write passes `lock`, so a
 * concurrent delete either waits for it or has already removed the group (404, not a foreign-key error).
 */
export async function visibleGroup(
  db: Db,
  caller: Caller,
  id: string,
  lock: boolean | 'update' = false,
): Promise<GroupRow> {
  const row = isUuid(id) ? await findGroup(db, id, lock) : null
  if (!row || (caller.type !== 'admin' && row.instructorId !== caller.id))
    throw new HttpError(404, MESSAGES.groupNotFound)
  return row
}

/**
 * A group's time checked beyond its schema (which says the format and the 15-minute step): both or neither, and the
 * end after the start, which a schema cannot say.
 */
function checkedTime(startTime: string | null, endTime: string | null): void {
  if (startTime === null && endTime !== null) throw new HttpError(400, GROUP_TIME_MESSAGES.startRequired)
  if (startTime !== null && endTime === null) throw new HttpError(400, GROUP_TIME_MESSAGES.endRequired)
  // 'HH:MM' with two-digit hours: compared as text they order as times.
  if (startTime !== null && endTime !== null && endTime <= startTime)
    throw new HttpError(400, GROUP_TIME_MESSAGES.endBeforeStart)
}

/** The trimmed name and usernames of a create or edit body; 400 when either is empty. */
function namedMembers(body: CreateGroupRequest | UpdateGroupRequest): { name: string; usernames: string[] } {
  const name = body.groupName.trim()
  const usernames = body.students.map((username) => username.trim()).filter(Boolean)
  if (!name || usernames.length === 0) throw new HttpError(400, MESSAGES.groupNameRequired)
  return { name, usernames }
}

/** The members' ids and stored usernames (400 for a username that names no student) and the classroom (400). */
async function resolved(
  tx: WriteContext['tx'],
  usernames: readonly string[],
  classroomParam: string,
): Promise<{
  members: { id: string; username: string }[]
  classroom: { id: string; layout: Group['layout'] } | null
}> {
  const found = await findStudents(tx, usernames)
  const byLower = new Map(found.map((student) => [student.username.toLowerCase(), student]))
  const unknown = usernames.find((username) => !byLower.has(username.toLowerCase()))
  if (unknown !== undefined) throw new HttpError(400, MESSAGES.unknownStudent.replace('{student}', unknown))
  const members = [...new Set(usernames.map((username) => byLower.get(username.toLowerCase())!))]
  if (classroomParam === '') return { members, classroom: null }
  // Locked: a concurrent delete of the classroom waits for this group (then answers 409) or has already won (400).
  const classroom = isUuid(classroomParam) ? await findClassroom(tx, classroomParam, 'share') : null
  if (!classroom) throw new HttpError(400, MESSAGES.unknownClassroom)
  return { members, classroom: { id: classroom.id, layout: classroom.layout } }
}

/**
 * POST /groups/create → 201 {groupId}; the caller leads the group. 400 with a Hungarian message for an empty name or
 * no students, a day outside 1–7, a missing or malformed time or one that ends before it starts, a username that
 * names no student, a classroom that does not exist. A username given twice is one member.
 */
export function createGroup(body: CreateGroupRequest): Change<CreateGroupResponse> {
  const { name, usernames } = namedMembers(body)
  checkedTime(body.startTime, body.endTime)
  return async ({ tx, now, user }) => {
    const { members, classroom } = await resolved(tx, usernames, body.classroom)
    const classroomId = classroom?.id ?? null
    // A second submit of the same form (issue 18); another teacher's group of the same name is theirs.
    if (await identicalGroupExists(tx, { name, day: body.groupDay, classroomId, instructorId: user.id }))
      throw new HttpError(409, MESSAGES.groupExists)
    const groupId = await insertGroup(tx, {
      name,
      day: body.groupDay,
      classroomId,
      instructorId: user.id,
      startTime: body.startTime,
      endTime: body.endTime,
      memberIds: members.map((member) => member.id),
      now,
    })
    return {
      status: 201,
      body: { code: 201, message: MESSAGES.groupCreated, groupId },
      audit: {
        type: 'createStudentGroup',
        extras: { studentGroupDocId: groupId, groupName: name, ...(classroomId ? { classroomId } : {}) },
      },
    }
  }
}

/**
 * PUT /groups/:id (issue 20): the group as a whole — name, day, time, classroom, members — with the create's 400s;
 * 404 for a group the caller may not see (a teacher edits their own, an administrator any); 409 when it would become
 * identical to another of the leader's groups. The seating follows `transferSeating`: a removed member leaves it, a
 * new classroom keeps the seats on its student desks. The register's past days are kept.
 */
export function updateGroup(id: string, body: UpdateGroupRequest): Change<MessageBody> {
  const { name, usernames } = namedMembers(body)
  checkedTime(body.startTime, body.endTime)
  return async ({ tx, now, user }) => {
    // Locked for update: the group's seating and register writes wait for the edit (and it for them).
    const group = await visibleGroup(tx, user, id, 'update')
    const { members, classroom } = await resolved(tx, usernames, body.classroom)
    const classroomId = classroom?.id ?? null
    const exists = await identicalGroupExists(tx, {
      name,
      day: body.groupDay,
      classroomId,
      instructorId: group.instructorId,
      exceptId: group.id,
    })
    if (exists) throw new HttpError(409, MESSAGES.groupExists)
    await changeGroup(tx, group.id, {
      name,
      day: body.groupDay,
      classroomId,
      startTime: body.startTime,
      endTime: body.endTime,
      memberIds: members.map((member) => member.id),
    })
    const seating = await findSeating(tx, group.id)
    const { kept } = transferSeating(
      seating,
      classroom?.layout ?? null,
      new Set(members.map((member) => member.username)),
    )
    if (kept.length !== seating.length) await setSeating(tx, group.id, kept, now)
    return {
      body: { code: 200, message: GROUP_MESSAGES.updated },
      audit: { type: 'updateStudentGroup', extras: { studentGroupDocId: group.id, groupName: name } },
    }
  }
}

/** DELETE /groups/:id: its members, seating and notes go with it. 404 for a group the caller may not see. */
export function deleteGroup(id: string): Change<MessageBody> {
  return async ({ tx, user }) => {
    const group = await visibleGroup(tx, user, id, true)
    await removeGroup(tx, group.id)
    return {
      body: { code: 200, message: MESSAGES.groupDeleted },
      audit: {
        type: 'deleteStudentGroup',
        extras: {
          studentGroupDocId: group.id,
          groupName: group.name,
          ...(group.classroomId ? { classroomId: group.classroomId } : {}),
        },
      },
    }
  }
}
