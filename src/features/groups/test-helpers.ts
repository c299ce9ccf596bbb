/** Test-only helpers of the groups screen: group, student and note factories. */
import type { Group, Note, Student } from '@contract/api'

let nextId = 1

/** A student; the username derives from the name unless given. */
export function aStudent(name: string, overrides: Partial<Student> = {}): Student {
  const id = `s${nextId++}`
  const username = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/)
    .join('.')
  return { id, name, username, ...overrides }
}

/** A group of `members` (students, names and members kept in step), on Monday in room '12', without a time, unless given. */
export function aGroup(groupName: string, overrides: Partial<Group> = {}, members: Student[] = []): Group {
  const id = overrides.id ?? `g${nextId++}`
  return {
    id,
    _id: id,
    groupName,
    groupDay: 1,
    students: members.map((m) => m.name),
    members: members.map(({ id: memberId, name, username }) => ({ id: memberId, name, username })),
    classroom: 'c1',
    room: '12',
    layout: null,
    instructor: 'Teszt Elek',
    startTime: null,
    endTime: null,
    ...overrides,
  }
}

/** A note of `groupId`. */
export function aNote(message: string, groupId: string, overrides: Partial<Note> = {}): Note {
  const id = `n${nextId++}`
  return {
    id,
    _id: id,
    message,
    groupId,
    createdAt: '2026-11-20T09:30:00.000Z',
    createdBy: 'Teszt Elek',
    ...overrides,
  }
}
