/** Student groups and their members (spec §3). A group is led by one teacher and may meet in a classroom. */
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm'
import type { ClassroomLayout } from '@contract/api/classrooms'
import type { Db } from '../db'
import { classrooms, groupMembers, groups, users } from '../db/schema'

/** A group with what its answer shows: the classroom's name and layout, the leader's name. */
export interface GroupRow {
  id: string
  name: string
  day: number
  classroomId: string | null
  instructorId: string
  createdAt: Date
  /** 'HH:MM', or null for a group without a time (issue 20). */
  startTime: string | null
  endTime: string | null
  classroomName: string | null
  layout: ClassroomLayout | null
  instructorName: string
}

export interface MemberRow {
  groupId: string
  id: string
  name: string
  username: string
}

const groupColumns = {
  id: groups.id,
  name: groups.name,
  day: groups.day,
  classroomId: groups.classroomId,
  instructorId: groups.instructorId,
  createdAt: groups.createdAt,
  startTime: groups.startTime,
  endTime: groups.endTime,
  classroomName: classrooms.name,
  layout: classrooms.layout,
  instructorName: users.name,
}

function selectGroups(db: Db) {
  return db
    .select(groupColumns)
    .from(groups)
    .innerJoin(users, eq(users.id, groups.instructorId))
    .leftJoin(classrooms, eq(classrooms.id, groups.classroomId))
}

/**
 * True when the instructor already leads a group of this name (any case), day and classroom (or none); `exceptId`
 * leaves out the group being edited.
 */
export async function identicalGroupExists(
  db: Db,
  input: { name: string; day: number; classroomId: string | null; instructorId: string; exceptId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.instructorId, input.instructorId),
        sql`lower(${groups.name}) = lower(${input.name})`,
        eq(groups.day, input.day),
        input.classroomId ? eq(groups.classroomId, input.classroomId) : isNull(groups.classroomId),
        input.exceptId ? ne(groups.id, input.exceptId) : undefined,
      ),
    )
    .limit(1)
  return row !== undefined
}

/** The groups led by `instructorId`, or every group when it is null (the service sorts them). */
export async function listGroups(db: Db, instructorId: string | null): Promise<GroupRow[]> {
  const query = selectGroups(db)
  return instructorId ? query.where(eq(groups.instructorId, instructorId)) : query
}

/**
 * The group, or null. `lock` (inside a write) keeps the group from being deleted until the transaction ends;
 * 'update' (an edit of the group) also makes the group's other writes (seating, register) wait for the edit.
 */
export async function findGroup(
  db: Db,
  id: string,
  lock: boolean | 'update' = false,
): Promise<GroupRow | null> {
  const query = selectGroups(db).where(eq(groups.id, id)).limit(1)
  const [row] = lock
    ? await query.for(lock === 'update' ? 'update' : 'key share', { of: groups })
    : await query
  return row ?? null
}

/** The groups meeting in a classroom (id only). */
export async function groupIdsInClassroom(db: Db, classroomId: string): Promise<string[]> {
  const rows = await db.select({ id: groups.id }).from(groups).where(eq(groups.classroomId, classroomId))
  return rows.map((row) => row.id)
}

/** The members of the given groups (the service sorts them). */
export async function listMembers(db: Db, groupIds: readonly string[]): Promise<MemberRow[]> {
  if (groupIds.length === 0) return []
  return db
    .select({ groupId: groupMembers.groupId, id: users.id, name: users.name, username: users.username })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(inArray(groupMembers.groupId, [...groupIds]))
}

/** The students among `usernames` (compared case-insensitively): id and stored username. */
export async function findStudents(
  db: Db,
  usernames: readonly string[],
): Promise<{ id: string; username: string }[]> {
  if (usernames.length === 0) return []
  const lower = [...new Set(usernames.map((u) => u.toLowerCase()))]
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.type, 'student'), inArray(sql`lower(${users.username})`, lower)))
}

export async function insertGroup(
  db: Db,
  input: {
    name: string
    day: number
    classroomId: string | null
    instructorId: string
    startTime: string
    endTime: string
    memberIds: string[]
    now: Date
  },
): Promise<string> {
  const id = randomUUID()
  await db.insert(groups).values({
    id,
    name: input.name,
    day: input.day,
    classroomId: input.classroomId,
    instructorId: input.instructorId,
    startTime: input.startTime,
    endTime: input.endTime,
    createdAt: input.now,
  })
  const memberIds = [...new Set(input.memberIds)]
  if (memberIds.length)
    await db.insert(groupMembers).values(memberIds.map((userId) => ({ groupId: id, userId })))
  return id
}

/** Changes a group (issue 20): name, day, classroom, time, and its members become exactly `memberIds`. */
export async function updateGroup(
  db: Db,
  id: string,
  input: {
    name: string
    day: number
    classroomId: string | null
    startTime: string | null
    endTime: string | null
    memberIds: string[]
  },
): Promise<void> {
  const { memberIds, ...columns } = input
  await db.update(groups).set(columns).where(eq(groups.id, id))
  const ids = [...new Set(memberIds)]
  await db
    .delete(groupMembers)
    .where(
      ids.length
        ? and(eq(groupMembers.groupId, id), notInArray(groupMembers.userId, ids))
        : eq(groupMembers.groupId, id),
    )
  if (ids.length)
    await db
      .insert(groupMembers)
      .values(ids.map((userId) => ({ groupId: id, userId })))
      .onConflictDoNothing()
}

/** Deletes a group; its members, seating and notes go with it (ON DELETE CASCADE). */
export async function deleteGroup(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(groups).where(eq(groups.id, id)).returning({ id: groups.id })
  return rows.length > 0
}
