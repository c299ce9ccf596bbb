/**
 * Groups with a time, editable (issue 20) on both databases: the time required on create and answered (null for a
 * group made before groups had one), its Hungarian refusals (missing, not a quarter hour, end not after start), and
 * PUT /groups/:id — rename, day, time, classroom and members, a removed member unseated and the others kept, a new
 * classroom keeping the seats its layout has, another teacher's group 404, an administrator any, the create's
 * validation, audited as updateStudentGroup and applied once per Idempotency-Key.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { GROUP_MESSAGES, GROUP_TIME_MESSAGES, type ClassroomLayout, type Group } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { groups } from '../db/schema'
import { drivers, useTestApp, type TestUser } from './build'
import { auditEntries } from './queries'

/** Three student desks in a row behind the teacher's desk. */
const WIDE: ClassroomLayout = {
  size: [3, 2],
  objects: [
    { x: 1, y: 0, type: 'teacher' },
    { x: 0, y: 1, type: 'student' },
    { x: 1, y: 1, type: 'student' },
    { x: 2, y: 1, type: 'student' },
  ],
}
/** Only the left desk of WIDE's row is a student desk here. */
const NARROW: ClassroomLayout = {
  size: [2, 2],
  objects: [
    { x: 1, y: 0, type: 'teacher' },
    { x: 0, y: 1, type: 'student' },
  ],
}

describe.each(drivers)('groups with a time, editable, on %s', (driver) => {
  const t = useTestApp(driver)

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    key?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })

  const classroom = async (token: string, name: string, layout: ClassroomLayout) => {
    const res = await call(token, 'POST', '/api/classrooms', { name, layout })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().classroomId as string
  }

  const groupsOf = async (token: string) => {
    const res = await call(token, 'GET', '/api/groups')
    expect(res.statusCode, res.body).toBe(200)
    return res.json().groups as Group[]
  }

  const seatingOf = async (token: string, classroomId: string, groupId: string) => {
    const res = await call(token, 'GET', `/api/classrooms/${classroomId}/groups/${groupId}/seating`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().positions as { student: string; position: string }[]
  }

  /** A teacher's group of three pupils in WIDE, seated anna 0-1, bela 1-1, cili 2-1. */
  const setup = async () => {
    const teacher = await t.signedIn('teacher')
    const pupils: TestUser[] = []
    for (const name of ['Kiss Anna', 'Nagy Béla', 'Tóth Cili']) pupils.push(await t.user('student', { name }))
    const wide = await classroom(teacher.token, '204', WIDE)
    const body = {
      groupName: 'Matek 9.A',
      groupDay: 1,
      students: pupils.map((pupil) => pupil.username),
      classroom: wide,
      startTime: '08:00',
      endTime: '08:45',
    }
    const created = await call(teacher.token, 'POST', '/api/groups/create', body)
    expect(created.statusCode, created.body).toBe(201)
    const groupId = created.json().groupId as string
    const positions = pupils.map((pupil, index) => ({ student: pupil.username, position: `${index}-1` }))
    const seated = await call(teacher.token, 'POST', `/api/classrooms/${wide}/groups/${groupId}/seating`, {
      positions,
    })
    expect(seated.statusCode, seated.body).toBe(200)
    return { teacher, pupils, wide, groupId, body, positions }
  }

  describe('a group’s time', () => {
    it('is answered wherever groups are listed', async () => {
      const { teacher, groupId } = await setup()
      for (const url of ['/api/groups', '/api/groups/instructor']) {
        const res = await call(teacher.token, 'GET', url)
        expect(res.json().groups).toEqual([
          expect.objectContaining({ id: groupId, startTime: '08:00', endTime: '08:45' }),
        ])
      }
    })

    it('is null for a group made before groups had a time, which still edits without one', async () => {
      const { teacher, groupId, body } = await setup()
      await t.handle.db.update(groups).set({ startTime: null, endTime: null }).where(eq(groups.id, groupId))
      expect((await groupsOf(teacher.token))[0]).toMatchObject({ startTime: null, endTime: null })
      const res = await call(teacher.token, 'PUT', `/api/groups/${groupId}`, {
        ...body,
        groupName: 'Matek 9.B',
        startTime: null,
        endTime: null,
      })
      expect(res.statusCode, res.body).toBe(200)
      expect((await groupsOf(teacher.token))[0]).toMatchObject({
        groupName: 'Matek 9.B',
        startTime: null,
        endTime: null,
      })
    })

    const BAD_TIMES: [string, Record<string, unknown>, string][] = [
      ['no start', { startTime: undefined }, GROUP_TIME_MESSAGES.startRequired],
      ['no end', { endTime: undefined }, GROUP_TIME_MESSAGES.endRequired],
      ['an empty start', { startTime: '' }, GROUP_TIME_MESSAGES.startRequired],
      ['a 10-minute step', { startTime: '08:10' }, GROUP_TIME_MESSAGES.step],
      ['an end off the quarter hour', { endTime: '08:50' }, GROUP_TIME_MESSAGES.step],
      ['an hour without its zero', { startTime: '8:00' }, GROUP_TIME_MESSAGES.step],
      ['hour 24', { endTime: '24:00' }, GROUP_TIME_MESSAGES.step],
      ['not a time', { startTime: 'reggel' }, GROUP_TIME_MESSAGES.step],
      ['a number', { startTime: 800 }, MESSAGES.badRequest],
      [
        'an end before the start',
        { startTime: '09:00', endTime: '08:45' },
        GROUP_TIME_MESSAGES.endBeforeStart,
      ],
      ['an end at the start', { startTime: '08:45', endTime: '08:45' }, GROUP_TIME_MESSAGES.endBeforeStart],
    ]

    it.each(BAD_TIMES)(
      'refuses %s on create with its Hungarian 400, creating nothing',
      async (_, times, message) => {
        const teacher = await t.signedIn('teacher')
        const student = await t.user('student')
        const res = await call(teacher.token, 'POST', '/api/groups/create', {
          groupName: 'Időzített',
          groupDay: 2,
          students: [student.username],
          classroom: '',
          startTime: '08:00',
          endTime: '08:45',
          ...times,
        })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ code: 400, message })
        expect(await groupsOf(teacher.token)).toEqual([])
      },
    )

    it('refuses a null time on create (required for a new group)', async () => {
      const teacher = await t.signedIn('teacher')
      const student = await t.user('student')
      const res = await call(teacher.token, 'POST', '/api/groups/create', {
        groupName: 'Időtlen',
        groupDay: 2,
        students: [student.username],
        classroom: '',
        startTime: null,
        endTime: null,
      })
      expect(res.statusCode).toBe(400)
      expect(await groupsOf(teacher.token)).toEqual([])
    })
  })

  describe('PUT /groups/:id', () => {
    it('renames, moves the day and time, and changes the members, audited with its extras', async () => {
      const { teacher, pupils, wide, groupId, body } = await setup()
      const dora = await t.user('student', { name: 'Ábel Dóra' })
      const res = await call(teacher.token, 'PUT', `/api/groups/${groupId}`, {
        ...body,
        groupName: '  Matek 9.A haladó ',
        groupDay: 3,
        startTime: '10:15',
        endTime: '11:45',
        students: [pupils[0].username, pupils[2].username, dora.username],
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ code: 200, message: GROUP_MESSAGES.updated })

      const [group] = await groupsOf(teacher.token)
      expect(group).toMatchObject({
        id: groupId,
        groupName: 'Matek 9.A haladó',
        groupDay: 3,
        startTime: '10:15',
        endTime: '11:45',
        classroom: wide,
        room: '204',
        // Hungarian collation: Á with A.
        students: ['Ábel Dóra', 'Kiss Anna', 'Tóth Cili'],
      })
      const [entry] = await auditEntries(t.handle.db, teacher.username, 'updateStudentGroup')
      expect(entry.extras).toEqual({ studentGroupDocId: groupId, groupName: 'Matek 9.A haladó' })
    })

    it('unseats a removed member; the others keep their desks', async () => {
      const { teacher, pupils, wide, groupId, body, positions } = await setup()
      const res = await call(teacher.token, 'PUT', `/api/groups/${groupId}`, {
        ...body,
        students: [pupils[0].username, pupils[2].username],
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(await seatingOf(teacher.token, wide, groupId)).toEqual([positions[0], positions[2]])
      // Added back, the pupil is a member without a desk.
      expect((await call(teacher.token, 'PUT', `/api/groups/${groupId}`, body)).statusCode).toBe(200)
      expect(await seatingOf(teacher.token, wide, groupId)).toEqual([positions[0], positions[2]])
    })

    it('keeps the seats a new classroom has and unseats the rest; without a classroom nobody sits', async () => {
      const { teacher, groupId, body, positions } = await setup()
      const narrow = await classroom(teacher.token, '101', NARROW)
      const moved = await call(teacher.token, 'PUT', `/api/groups/${groupId}`, { ...body, classroom: narrow })
      expect(moved.statusCode, moved.body).toBe(200)
      expect((await groupsOf(teacher.token))[0]).toMatchObject({
        classroom: narrow,
        room: '101',
        layout: NARROW,
      })
      expect(await seatingOf(teacher.token, narrow, groupId)).toEqual([positions[0]])

      const roomless = await call(teacher.token, 'PUT', `/api/groups/${groupId}`, { ...body, classroom: '' })
      expect(roomless.statusCode, roomless.body).toBe(200)
      expect((await groupsOf(teacher.token))[0]).toMatchObject({ classroom: '', room: '', layout: null })
      // Back in the first room: the seats were given up, not hidden.
      expect((await call(teacher.token, 'PUT', `/api/groups/${groupId}`, body)).statusCode).toBe(200)
      expect(await seatingOf(teacher.token, body.classroom, groupId)).toEqual([])
    })

    it("answers 404 for another teacher's group and changes nothing; an administrator edits any", async () => {
      const { teacher, groupId, body } = await setup()
      const other = await t.signedIn('teacher')
      const refused = await call(other.token, 'PUT', `/api/groups/${groupId}`, {
        ...body,
        groupName: 'Enyém',
      })
      expect(refused.statusCode).toBe(404)
      expect(refused.json()).toEqual({ code: 404, message: MESSAGES.groupNotFound })
      expect((await groupsOf(teacher.token))[0].groupName).toBe('Matek 9.A')
      expect(await auditEntries(t.handle.db, other.username)).toHaveLength(0)

      for (const id of [randomUUID(), 'nem-uuid']) {
        const unknown = await call(teacher.token, 'PUT', `/api/groups/${id}`, body)
        expect(unknown.statusCode).toBe(404)
        expect(unknown.json()).toEqual({ code: 404, message: MESSAGES.groupNotFound })
      }

      const admin = await t.signedIn('admin')
      const byAdmin = await call(admin.token, 'PUT', `/api/groups/${groupId}`, {
        ...body,
        groupName: 'Igazgatói',
      })
      expect(byAdmin.statusCode, byAdmin.body).toBe(200)
      // The teacher still leads it.
      expect((await groupsOf(teacher.token))[0].groupName).toBe('Igazgatói')
      const [entry] = await auditEntries(t.handle.db, admin.username, 'updateStudentGroup')
      expect(entry.extras).toEqual({ studentGroupDocId: groupId, groupName: 'Igazgatói' })
    })

    const BAD: [string, (body: Record<string, unknown>) => unknown, string][] = [
      ['an empty name', (b) => ({ ...b, groupName: ' ' }), MESSAGES.groupNameRequired],
      ['no students', (b) => ({ ...b, students: [] }), MESSAGES.groupNameRequired],
      ['day 8', (b) => ({ ...b, groupDay: 8 }), MESSAGES.groupDayInvalid],
      [
        'an unknown student',
        (b) => ({ ...b, students: ['nincs.ilyen'] }),
        'Nem található ilyen diák: nincs.ilyen.',
      ],
      ['an unknown classroom', (b) => ({ ...b, classroom: randomUUID() }), MESSAGES.unknownClassroom],
      ['a 10-minute step', (b) => ({ ...b, endTime: '09:10' }), GROUP_TIME_MESSAGES.step],
      ['an end before the start', (b) => ({ ...b, endTime: '07:45' }), GROUP_TIME_MESSAGES.endBeforeStart],
      ['a start without an end', (b) => ({ ...b, endTime: null }), GROUP_TIME_MESSAGES.endRequired],
      ['an end without a start', (b) => ({ ...b, startTime: null }), GROUP_TIME_MESSAGES.startRequired],
      ['no time fields', ({ startTime: _s, endTime: _e, ...b }) => b, GROUP_TIME_MESSAGES.startRequired],
      ['an unknown field', (b) => ({ ...b, extra: 1 }), MESSAGES.badRequest],
    ]

    it.each(BAD)('refuses %s with the create’s Hungarian 400, changing nothing', async (_, edit, message) => {
      const { teacher, groupId, body, wide, positions } = await setup()
      const res = await call(teacher.token, 'PUT', `/api/groups/${groupId}`, edit(body))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ code: 400, message })
      expect((await groupsOf(teacher.token))[0]).toMatchObject({
        groupName: 'Matek 9.A',
        startTime: '08:00',
        endTime: '08:45',
      })
      expect(await seatingOf(teacher.token, wide, groupId)).toEqual(positions)
      expect(await auditEntries(t.handle.db, teacher.username, 'updateStudentGroup')).toHaveLength(0)
    })

    it('refuses to make the group identical to another of the leader’s groups (409), but keeps its own name', async () => {
      const { teacher, pupils, groupId, body } = await setup()
      const other = await call(teacher.token, 'POST', '/api/groups/create', {
        ...body,
        groupName: 'Fizika',
        students: [pupils[0].username],
      })
      expect(other.statusCode).toBe(201)
      const clash = await call(teacher.token, 'PUT', `/api/groups/${groupId}`, {
        ...body,
        groupName: 'fizika',
      })
      expect(clash.statusCode).toBe(409)
      expect(clash.json()).toEqual({ code: 409, message: MESSAGES.groupExists })
      // Saved unchanged, the group is not identical to itself.
      expect((await call(teacher.token, 'PUT', `/api/groups/${groupId}`, body)).statusCode).toBe(200)
    })

    it('applies an edit replayed with the same Idempotency-Key once', async () => {
      const { teacher, pupils, wide, groupId, body, positions } = await setup()
      const edit = { ...body, students: [pupils[0].username, pupils[1].username] }
      const first = await call(teacher.token, 'PUT', `/api/groups/${groupId}`, edit, 'csoport-1')
      expect(first.statusCode, first.body).toBe(200)
      // Cili comes back in between (another device); the replay must not remove her again.
      expect((await call(teacher.token, 'PUT', `/api/groups/${groupId}`, body)).statusCode).toBe(200)
      const again = await call(teacher.token, 'PUT', `/api/groups/${groupId}`, edit, 'csoport-1')
      expect(again.statusCode).toBe(200)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(again.body).toBe(first.body)
      expect((await groupsOf(teacher.token))[0].members.map((member) => member.username)).toContain(
        pupils[2].username,
      )
      expect(await seatingOf(teacher.token, wide, groupId)).toEqual([positions[0], positions[1]])
      expect(await auditEntries(t.handle.db, teacher.username, 'updateStudentGroup')).toHaveLength(2)
    })
  })
})
