/**
 * Student groups and notes (spec §3, §7, §8; DESIGN §3; issue 8): the group's shape, teachers' own groups versus an
 * administrator's all, the create validations in Hungarian, delete with its seating and notes, and notes kept as
 * plain text — on both databases.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { ClassroomLayout, Group } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { drivers, useTestApp, type TestUser } from './build'
import { auditEntries } from './queries'

/** A new group's time (issue 20: required on create). */
const TIMES = { startTime: '08:00', endTime: '08:45' }

const LAYOUT: ClassroomLayout = {
  size: [3, 2],
  objects: [
    { x: 1, y: 0, type: 'teacher' },
    { x: 0, y: 1, type: 'student' },
    { x: 2, y: 1, type: 'student' },
  ],
}

describe.each(drivers)('groups and notes on %s', (driver) => {
  const t = useTestApp(driver)

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })

  const createGroup = async (
    token: string,
    body: { groupName?: string; groupDay?: number; students: string[]; classroom?: string },
  ) => {
    const res = await call(token, 'POST', '/api/groups/create', {
      groupName: 'Csoport',
      groupDay: 1,
      classroom: '',
      ...TIMES,
      ...body,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().groupId as string
  }

  it('refuses an identical group (same name in any case, day and classroom) with a Hungarian 409', async () => {
    const teacher = await t.signedIn('teacher')
    const student = await t.user('student')
    const body = { groupName: 'Kétszer', groupDay: 2, classroom: '', students: [student.username], ...TIMES }
    expect((await call(teacher.token, 'POST', '/api/groups/create', body)).statusCode).toBe(201)
    const again = await call(teacher.token, 'POST', '/api/groups/create', { ...body, groupName: ' kétszer ' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      code: 409,
      message: 'Már van ilyen nevű csoport ezen a napon ebben a teremben.',
    })
    // Another day is another group.
    expect(
      (await call(teacher.token, 'POST', '/api/groups/create', { ...body, groupDay: 3 })).statusCode,
    ).toBe(201)
    expect(await groupsOf(teacher.token)).toHaveLength(2)
  })

  const groupsOf = async (token: string, url = '/api/groups') => {
    const res = await call(token, 'GET', url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().groups as Group[]
  }

  describe('groups', () => {
    it('creates a group and answers it with members, room, layout and instructor', async () => {
      const teacher = await t.signedIn('teacher', { name: 'Kovács Éva' })
      const zsofi = await t.user('student', { name: 'Zsigmond Zsófia' })
      const agi = await t.user('student', { name: 'Ábel Ágnes' })
      const csaba = await t.user('student', { name: 'Cseh Csaba' })
      const room = await call(teacher.token, 'POST', '/api/classrooms', { name: '101', layout: LAYOUT })
      const classroomId = room.json().classroomId as string

      const res = await call(teacher.token, 'POST', '/api/groups/create', {
        groupName: '  10.B fizika ',
        groupDay: 4,
        // The same student twice, once in another case, is one member.
        students: [zsofi.username, csaba.username, agi.username, zsofi.username.toUpperCase()],
        classroom: classroomId,
        startTime: '10:15',
        endTime: '11:00',
      })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toEqual({ code: 201, message: 'Csoport létrehozva.', groupId: expect.any(String) })
      const groupId = res.json().groupId as string

      const member = (u: TestUser) => ({ id: u.user.id, name: u.user.name, username: u.username })
      const expected: Group = {
        id: groupId,
        _id: groupId,
        groupName: '10.B fizika',
        groupDay: 4,
        // Hungarian collation: Á with A, Cs after C, Zs last.
        students: ['Ábel Ágnes', 'Cseh Csaba', 'Zsigmond Zsófia'],
        members: [member(agi), member(csaba), member(zsofi)],
        classroom: classroomId,
        room: '101',
        layout: LAYOUT,
        instructor: 'Kovács Éva',
        startTime: '10:15',
        endTime: '11:00',
      }
      expect(await groupsOf(teacher.token)).toEqual([expected])
      expect(await groupsOf(teacher.token, '/api/groups/instructor')).toEqual([expected])

      const [entry] = await auditEntries(t.handle.db, teacher.username, 'createStudentGroup')
      expect(entry.extras).toEqual({ studentGroupDocId: groupId, groupName: '10.B fizika', classroomId })
    })

    it("answers a group without a classroom with classroom '', room '' and layout null", async () => {
      const teacher = await t.signedIn('teacher')
      const student = await t.user('student')
      const groupId = await createGroup(teacher.token, { students: [student.username] })
      const [group] = await groupsOf(teacher.token)
      expect(group).toMatchObject({ id: groupId, classroom: '', room: '', layout: null })
      const [entry] = await auditEntries(t.handle.db, teacher.username, 'createStudentGroup')
      expect(entry.extras).toEqual({ studentGroupDocId: groupId, groupName: 'Csoport' })
    })

    it('sorts groups by day, then name', async () => {
      const teacher = await t.signedIn('teacher')
      const student = (await t.user('student')).username
      for (const [groupName, groupDay] of [
        ['Történelem', 3],
        ['Angol', 3],
        ['Vasárnapi', 7],
        ['Ének', 1],
      ] as const)
        await createGroup(teacher.token, { groupName, groupDay, students: [student] })
      const groups = await groupsOf(teacher.token)
      expect(groups.map((g) => `${g.groupDay} ${g.groupName}`)).toEqual([
        '1 Ének',
        '3 Angol',
        '3 Történelem',
        '7 Vasárnapi',
      ])
    })

    it("shows a teacher only their own groups, an administrator everyone's", async () => {
      const first = await t.signedIn('teacher')
      const second = await t.signedIn('teacher')
      const admin = await t.signedIn('admin')
      const student = (await t.user('student')).username
      const firstGroup = await createGroup(first.token, { groupName: 'Első', students: [student] })
      const secondGroup = await createGroup(second.token, { groupName: 'Második', students: [student] })

      expect((await groupsOf(first.token)).map((g) => g.id)).toEqual([firstGroup])
      expect((await groupsOf(second.token, '/api/groups/instructor')).map((g) => g.id)).toEqual([secondGroup])
      const all = (await groupsOf(admin.token)).map((g) => g.id)
      expect(all).toEqual(expect.arrayContaining([firstGroup, secondGroup]))

      // The administrator leads none: their own list is the spec's 404.
      const own = await call(admin.token, 'GET', '/api/groups/instructor')
      expect(own.statusCode).toBe(404)
      expect(own.json()).toEqual({ code: 404, message: 'Nincsenek csoportjaid.' })
    })

    it("answers GET /groups/instructor with 404 'Nincsenek csoportjaid.' and GET /groups with [] when none", async () => {
      const teacher = await t.signedIn('teacher')
      const res = await call(teacher.token, 'GET', '/api/groups/instructor')
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ code: 404, message: MESSAGES.noGroups })
      expect(await groupsOf(teacher.token)).toEqual([])
    })

    const BAD: [string, (student: string) => unknown, string][] = [
      [
        'an empty name',
        (s) => ({ groupName: '', groupDay: 1, students: [s], classroom: '', ...TIMES }),
        MESSAGES.groupNameRequired,
      ],
      [
        'a name of spaces',
        (s) => ({ groupName: '  ', groupDay: 1, students: [s], classroom: '', ...TIMES }),
        MESSAGES.groupNameRequired,
      ],
      [
        'no name',
        (s) => ({ groupDay: 1, students: [s], classroom: '', ...TIMES }),
        MESSAGES.groupNameRequired,
      ],
      [
        'no students',
        () => ({ groupName: 'A', groupDay: 1, students: [], classroom: '', ...TIMES }),
        MESSAGES.groupNameRequired,
      ],
      [
        'a missing student list',
        () => ({ groupName: 'A', groupDay: 1, classroom: '', ...TIMES }),
        MESSAGES.groupNameRequired,
      ],
      [
        'day 0',
        (s) => ({ groupName: 'A', groupDay: 0, students: [s], classroom: '', ...TIMES }),
        MESSAGES.groupDayInvalid,
      ],
      [
        'day 8',
        (s) => ({ groupName: 'A', groupDay: 8, students: [s], classroom: '', ...TIMES }),
        MESSAGES.groupDayInvalid,
      ],
      [
        'day as text',
        (s) => ({ groupName: 'A', groupDay: '2', students: [s], classroom: '', ...TIMES }),
        MESSAGES.groupDayInvalid,
      ],
      [
        'an unknown student',
        (s) => ({ groupName: 'A', groupDay: 1, students: [s, 'nincs.ilyen'], classroom: '', ...TIMES }),
        'Nem található ilyen diák: nincs.ilyen.',
      ],
      [
        'an unknown classroom',
        (s) => ({ groupName: 'A', groupDay: 1, students: [s], classroom: randomUUID(), ...TIMES }),
        MESSAGES.unknownClassroom,
      ],
      [
        'a classroom id that is no id',
        (s) => ({ groupName: 'A', groupDay: 1, students: [s], classroom: 'terem-101', ...TIMES }),
        MESSAGES.unknownClassroom,
      ],
      [
        'an unknown field',
        (s) => ({ groupName: 'A', groupDay: 1, students: [s], classroom: '', extra: 1, ...TIMES }),
        MESSAGES.badRequest,
      ],
    ]

    it.each(BAD)(
      'refuses %s with 400 and its Hungarian message, creating nothing',
      async (_, body, message) => {
        const teacher = await t.signedIn('teacher')
        const student = await t.user('student')
        const res = await call(teacher.token, 'POST', '/api/groups/create', body(student.username))
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ code: 400, message })
        expect(await groupsOf(teacher.token)).toEqual([])
        expect(await auditEntries(t.handle.db, teacher.username)).toHaveLength(0)
      },
    )

    it('takes only students as members: a teacher or an administrator username is unknown', async () => {
      const teacher = await t.signedIn('teacher')
      const colleague = await t.user('teacher')
      const res = await call(teacher.token, 'POST', '/api/groups/create', {
        groupName: 'A',
        groupDay: 1,
        students: [colleague.username],
        classroom: '',
        ...TIMES,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ code: 400, message: `Nem található ilyen diák: ${colleague.username}.` })
    })

    it('deletes a group with its seating and notes, audited; another teacher gets 404, an administrator may', async () => {
      const teacher = await t.signedIn('teacher')
      const other = await t.signedIn('teacher')
      const admin = await t.signedIn('admin')
      const student = await t.user('student')
      const room = await call(teacher.token, 'POST', '/api/classrooms', { name: '305', layout: LAYOUT })
      const classroomId = room.json().classroomId as string
      const groupId = await createGroup(teacher.token, {
        groupName: 'Törlendő',
        students: [student.username],
        classroom: classroomId,
      })
      const seating = `/api/classrooms/${classroomId}/groups/${groupId}/seating`
      expect(
        (
          await call(teacher.token, 'POST', seating, {
            positions: [{ student: student.username, position: '0-1' }],
          })
        ).statusCode,
      ).toBe(200)
      expect(
        (await call(teacher.token, 'POST', '/api/notes', { message: 'Jegyzet', groupId })).statusCode,
      ).toBe(201)

      const refused = await call(other.token, 'DELETE', `/api/groups/${groupId}`)
      expect(refused.statusCode).toBe(404)
      expect(refused.json()).toEqual({ code: 404, message: MESSAGES.groupNotFound })
      expect((await groupsOf(teacher.token)).map((g) => g.id)).toEqual([groupId])

      const deleted = await call(teacher.token, 'DELETE', `/api/groups/${groupId}`)
      expect(deleted.statusCode).toBe(200)
      expect(deleted.json()).toEqual({ code: 200, message: 'Csoport törölve.' })
      expect(await groupsOf(teacher.token)).toEqual([])
      expect((await call(teacher.token, 'GET', seating)).statusCode).toBe(404)
      expect((await call(teacher.token, 'GET', `/api/notes/${groupId}`)).statusCode).toBe(404)
      // Nothing points at the classroom any more: it can go.
      expect((await call(teacher.token, 'DELETE', `/api/classrooms/${classroomId}`)).statusCode).toBe(200)
      expect((await call(teacher.token, 'DELETE', `/api/groups/${groupId}`)).statusCode).toBe(404)

      const [entry] = await auditEntries(t.handle.db, teacher.username, 'deleteStudentGroup')
      expect(entry.extras).toEqual({ studentGroupDocId: groupId, groupName: 'Törlendő', classroomId })
      expect(await auditEntries(t.handle.db, other.username)).toHaveLength(0)

      const another = await createGroup(teacher.token, { groupName: 'Adminé', students: [student.username] })
      expect((await call(admin.token, 'DELETE', `/api/groups/${another}`)).statusCode).toBe(200)
      const [byAdmin] = await auditEntries(t.handle.db, admin.username, 'deleteStudentGroup')
      expect(byAdmin.extras).toEqual({ studentGroupDocId: another, groupName: 'Adminé' })
    })

    it('answers 404 for deleting an unknown or malformed id', async () => {
      const teacher = await t.signedIn('teacher')
      for (const id of [randomUUID(), 'nem-uuid']) {
        const res = await call(teacher.token, 'DELETE', `/api/groups/${id}`)
        expect(res.statusCode).toBe(404)
        expect(res.json()).toEqual({ code: 404, message: MESSAGES.groupNotFound })
      }
    })
  })

  describe('notes', () => {
    it('stores a note exactly as typed and answers it as text, newest first, audited', async () => {
      const teacher = await t.signedIn('teacher', { name: 'Nagy Péter' })
      const student = await t.user('student')
      const groupId = await createGroup(teacher.token, {
        groupName: 'Jegyzetes',
        students: [student.username],
      })
      expect(await call(teacher.token, 'GET', `/api/notes/${groupId}`).then((r) => r.json())).toEqual({
        code: 200,
        notes: [],
      })

      const script = '  <script>alert("x")</script> & <b>félkövér</b>\n második sor  '
      const first = await call(teacher.token, 'POST', '/api/notes', { message: 'Első', groupId })
      expect(first.statusCode).toBe(201)
      expect(first.json()).toEqual({
        code: 201,
        message: 'Jegyzet sikeresen létrehozva.',
        noteId: expect.any(String),
      })
      t.clock.advance(1000)
      const second = await call(teacher.token, 'POST', '/api/notes', { message: script, groupId })
      expect(second.statusCode).toBe(201)

      const res = await call(teacher.token, 'GET', `/api/notes/${groupId}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      const notes = res.json().notes
      expect(notes).toEqual([
        {
          id: second.json().noteId,
          _id: second.json().noteId,
          message: script,
          groupId,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          createdBy: 'Nagy Péter',
        },
        expect.objectContaining({ id: first.json().noteId, message: 'Első' }),
      ])
      // Byte-identical in the raw answer too: JSON-escaped only, never HTML-escaped.
      expect(res.body).toContain(JSON.stringify(script))
      expect(res.body).not.toContain('&lt;')

      const entries = await auditEntries(t.handle.db, teacher.username, 'createNote')
      expect(entries.map((entry) => entry.extras)).toEqual(
        expect.arrayContaining([
          { noteDocId: first.json().noteId, groupId, groupName: 'Jegyzetes' },
          { noteDocId: second.json().noteId, groupId, groupName: 'Jegyzetes' },
        ]),
      )
    })

    it.each([
      ['an empty note', ''],
      ['a note of spaces', '  \n\t '],
      ['no message', undefined],
    ])("refuses %s with 400 'A jegyzet nem lehet üres!'", async (_, message) => {
      const teacher = await t.signedIn('teacher')
      const student = await t.user('student')
      const groupId = await createGroup(teacher.token, { students: [student.username] })
      const res = await call(teacher.token, 'POST', '/api/notes', { message, groupId })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ code: 400, message: 'A jegyzet nem lehet üres!' })
      expect((await call(teacher.token, 'GET', `/api/notes/${groupId}`)).json().notes).toEqual([])
    })

    it('refuses a note over 2000 characters with 400', async () => {
      const teacher = await t.signedIn('teacher')
      const student = await t.user('student')
      const groupId = await createGroup(teacher.token, { students: [student.username] })
      const res = await call(teacher.token, 'POST', '/api/notes', { message: 'x'.repeat(2001), groupId })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ code: 400, message: MESSAGES.badRequest })
    })

    it("does not let a teacher read or write another teacher's notes (404); an administrator may", async () => {
      const owner = await t.signedIn('teacher')
      const other = await t.signedIn('teacher')
      const admin = await t.signedIn('admin', { name: 'Igazgató Ildikó' })
      const student = await t.user('student')
      const groupId = await createGroup(owner.token, { students: [student.username] })
      expect((await call(owner.token, 'POST', '/api/notes', { message: 'Titok', groupId })).statusCode).toBe(
        201,
      )

      const read = await call(other.token, 'GET', `/api/notes/${groupId}`)
      expect(read.statusCode).toBe(404)
      expect(read.json()).toEqual({ code: 404, message: MESSAGES.groupNotFound })
      const write = await call(other.token, 'POST', '/api/notes', { message: 'Betolakodó', groupId })
      expect(write.statusCode).toBe(404)
      expect(await auditEntries(t.handle.db, other.username)).toHaveLength(0)
      expect((await call(other.token, 'GET', `/api/notes/nem-uuid`)).statusCode).toBe(404)

      expect((await call(admin.token, 'POST', '/api/notes', { message: 'Admin', groupId })).statusCode).toBe(
        201,
      )
      const all = (await call(admin.token, 'GET', `/api/notes/${groupId}`)).json().notes
      expect(all.map((n: { message: string }) => n.message).sort()).toEqual(['Admin', 'Titok'])
      expect(all.find((n: { message: string }) => n.message === 'Admin').createdBy).toBe('Igazgató Ildikó')
    })
  })
})
