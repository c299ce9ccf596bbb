/**
 * Student groups (spec §3, §7; DESIGN §3). A teacher sees and changes the groups they lead; an administrator all of
 * them. A group another teacher leads answers 404, as one that does not exist (its existence is not shown).
 */
import type { CreateGroupRequest, CreateGroupResponse, Group, GroupMember, MessageBody } from '@contract/api'
import { MESSAGES } from '@contract/messages'
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
  type GroupRow,
  type MemberRow,
} from '../repositories/groups-repository'
import { isUuid } from '../lib/uuid'
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

/** GET /groups: a teacher's own groups, every group for an administrator (an empty list is 200). */
export async function allGroups(db: Db, caller: Caller): Promise<Group[]> {
  return withMembers(db, await listGroups(db, caller.type === 'admin' ? null : caller.id))
}

/**
 * The group if the caller may see it (leads it, or is an administrator); else 404. A write passes `lock`, so a
 * concurrent delete either waits for it or has already removed the group (404, not a foreign-key error).
 */
export async function visibleGroup(db: Db, caller: Caller, id: string, lock = false): Promise<GroupRow> {
  const row = isUuid(id) ? await findGroup(db, id, lock) : null
  if (!row || (caller.type !== 'admin' && row.instructorId !== caller.id))
    throw new HttpError(404, MESSAGES.groupNotFound)
  return row
}

/**
 * POST /groups/create → 201 {groupId}; the caller leads the group. 400 with a Hungarian message for an empty name or
 * no students, a day outside 1–7, a username that names no student, a classroom that does not exist. A username
 * given twice is one member.
 */
export function createGroup(body: CreateGroupRequest): Change<CreateGroupResponse> {
  const name = body.groupName.trim()
  const usernames = body.students.map((username) => username.trim()).filter(Boolean)
  if (!name || usernames.length === 0) throw new HttpError(400, MESSAGES.groupNameRequired)
  return async ({ tx, now, user }) => {
    const found = await findStudents(tx, usernames)
    const byLower = new Map(found.map((student) => [student.username.toLowerCase(), student.id]))
    const unknown = usernames.find((username) => !byLower.has(username.toLowerCase()))
    if (unknown !== undefined) throw new HttpError(400, MESSAGES.unknownStudent.replace('{student}', unknown))
    let classroomId: string | null = null
    if (body.classroom !== '') {
      // Locked: a concurrent delete of the classroom waits for this group (then answers 409) or has already won (400).
      const classroom = isUuid(body.classroom) ? await findClassroom(tx, body.classroom, 'share') : null
      if (!classroom) throw new HttpError(400, MESSAGES.unknownClassroom)
      classroomId = classroom.id
    }
    // A second submit of the same form (issue 18); another teacher's group of the same name is theirs.
    if (await identicalGroupExists(tx, { name, day: body.groupDay, classroomId, instructorId: user.id }))
      throw new HttpError(409, MESSAGES.groupExists)
    const groupId = await insertGroup(tx, {
      name,
      day: body.groupDay,
      classroomId,
      instructorId: user.id,
      memberIds: usernames.map((username) => byLower.get(username.toLowerCase())!),
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
