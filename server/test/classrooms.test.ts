/**
 * Classrooms and seating (spec §3, §4, §7, §9; issue 8): school-wide classrooms with validated layouts, 409 for one
 * in use, seats pruned by a layout change, and a group's seating checked desk by desk — on both databases.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ClassroomLayout, SeatPosition } from '@contract/api'
import { LAYOUT_MESSAGES, seatingOnLayout } from '@contract/classroom-layout'
import { MESSAGES } from '@contract/messages'
import { users } from '../db/schema'
import { drivers, useTestApp } from './build'
import { auditEntries } from './queries'

/** 4 columns × 3 rows: a teacher desk front left, student desks on rows 1 and 2 (columns 0–2). */
const LAYOUT: ClassroomLayout = {
  size: [4, 3],
  objects: [
    { x: 0, y: 0, type: 'teacher' },
    { x: 0, y: 1, type: 'student' },
    { x: 1, y: 1, type: 'student' },
    { x: 2, y: 1, type: 'student' },
    { x: 0, y: 2, type: 'student' },
    { x: 1, y: 2, type: 'student' },
  ],
}

describe.each(drivers)('classrooms and seating on %s', (driver) => {
  const t = useTestApp(driver)

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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

  const newClassroom = async (token: string, name = '101', layout: ClassroomLayout = LAYOUT) => {
    const res = await call(token, 'POST', '/api/classrooms', { name, layout })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().classroomId as string
  }

  /** A teacher with a group of `count` students in a new classroom. */
  const seatedSetup = async (count = 3) => {
    const teacher = await t.signedIn('teacher', { name: 'Kovács Éva' })
    const students = await Promise.all(Array.from({ length: count }, () => t.user('student')))
    const classroomId = await newClassroom(teacher.token, `R${randomUUID().slice(0, 4)}`)
    const created = await call(teacher.token, 'POST', '/api/groups/create', {
      groupName: '9.A matek',
      groupDay: 2,
      students: students.map((s) => s.username),
      classroom: classroomId,
      startTime: '08:00',
      endTime: '08:45',
    })
    expect(created.statusCode, created.body).toBe(201)
    const groupId = created.json().groupId as string
    const path = `/api/classrooms/${classroomId}/groups/${groupId}/seating`
    return { teacher, students, classroomId, groupId, path }
  }

  describe('classrooms', () => {
    it('creates, lists by name, reads, replaces and deletes a classroom, each audited', async () => {
      const teacher = await t.signedIn('teacher')
      const created = await call(teacher.token, 'POST', '/api/classrooms', { name: '  204 ', layout: LAYOUT })
      expect(created.statusCode).toBe(201)
      expect(created.json()).toEqual({
        code: 201,
        message: MESSAGES.classroomCreated,
        classroomId: expect.any(String),
      })
      const id = created.json().classroomId as string

      const one = await call(teacher.token, 'GET', `/api/classrooms/${id}`)
      expect(one.statusCode).toBe(200)
      expect(one.json()).toEqual({ classroom: { _id: id, name: '204', layout: LAYOUT } })

      const layout: ClassroomLayout = { size: [2, 2], objects: [{ x: 1, y: 1, type: 'student' }] }
      const saved = await call(teacher.token, 'PUT', `/api/classrooms/${id}`, { name: '205', layout })
      expect(saved.statusCode).toBe(200)
      expect(saved.json()).toEqual({ code: 200, message: MESSAGES.classroomSaved })
      expect((await call(teacher.token, 'GET', `/api/classrooms/${id}`)).json().classroom).toEqual({
        _id: id,
        name: '205',
        layout,
      })

      const deleted = await call(teacher.token, 'DELETE', `/api/classrooms/${id}`)
      expect(deleted.statusCode).toBe(200)
      expect(deleted.json()).toEqual({ code: 200, message: MESSAGES.classroomDeleted })
      expect((await call(teacher.token, 'GET', `/api/classrooms/${id}`)).statusCode).toBe(404)

      const extras = async (type: string) =>
        (await auditEntries(t.handle.db, teacher.username, type)).map((entry) => entry.extras)
      expect(await extras('createClassroom')).toEqual([{ classroomId: id, classroomName: '204' }])
      expect(await extras('updateClassroom')).toEqual([{ classroomId: id, classroomName: '205' }])
      expect(await extras('deleteClassroom')).toEqual([{ classroomId: id, classroomName: '205' }])
    })

    it('is school-wide: another teacher and an administrator see and change it', async () => {
      const owner = await t.signedIn('teacher')
      const other = await t.signedIn('teacher')
      const admin = await t.signedIn('admin')
      const id = await newClassroom(owner.token, 'Z-közös')
      for (const caller of [other, admin]) {
        const list = await call(caller.token, 'GET', '/api/classrooms')
        expect(list.statusCode).toBe(200)
        expect(list.json().classrooms.map((c: { _id: string }) => c._id)).toContain(id)
      }
      expect(
        (await call(other.token, 'PUT', `/api/classrooms/${id}`, { name: 'Z2', layout: LAYOUT })).statusCode,
      ).toBe(200)
      expect((await call(admin.token, 'DELETE', `/api/classrooms/${id}`)).statusCode).toBe(200)
    })

    it('lists classrooms by name, numbers in numeric order', async () => {
      const teacher = await t.signedIn('teacher')
      for (const name of ['S-305', 'S-102', 'S-1001', 'S-204']) await newClassroom(teacher.token, name)
      const names = (await call(teacher.token, 'GET', '/api/classrooms'))
        .json()
        .classrooms.map((c: { name: string }) => c.name)
        .filter((name: string) => name.startsWith('S-'))
      expect(names).toEqual(['S-102', 'S-204', 'S-305', 'S-1001'])
    })

    const BAD: [string, unknown, string][] = [
      ['an empty name', { name: '', layout: LAYOUT }, MESSAGES.groupNameRequired],
      ['a name of spaces', { name: '   ', layout: LAYOUT }, MESSAGES.groupNameRequired],
      ['no name', { layout: LAYOUT }, MESSAGES.groupNameRequired],
      ['a size of 0', { name: '1', layout: { size: [0, 3], objects: [] } }, LAYOUT_MESSAGES.size],
      ['a size of 21', { name: '1', layout: { size: [4, 21], objects: [] } }, LAYOUT_MESSAGES.size],
      ['a size of 2.5', { name: '1', layout: { size: [2.5, 3], objects: [] } }, LAYOUT_MESSAGES.size],
      [
        'an object outside the grid',
        { name: '1', layout: { size: [2, 2], objects: [{ x: 2, y: 0, type: 'student' }] } },
        LAYOUT_MESSAGES.outside,
      ],
      [
        'an object at a negative cell',
        { name: '1', layout: { size: [2, 2], objects: [{ x: 0, y: -1, type: 'student' }] } },
        LAYOUT_MESSAGES.outside,
      ],
      [
        'two objects on one cell',
        {
          name: '1',
          layout: {
            size: [2, 2],
            objects: [
              { x: 1, y: 1, type: 'student' },
              { x: 1, y: 1, type: 'teacher' },
            ],
          },
        },
        LAYOUT_MESSAGES.overlap,
      ],
      [
        'an unknown object type',
        { name: '1', layout: { size: [2, 2], objects: [{ x: 0, y: 0, type: 'board' }] } },
        MESSAGES.badRequest,
      ],
      ['an unknown field', { name: '1', layout: LAYOUT, owner: 'x' }, MESSAGES.badRequest],
    ]

    it.each(BAD)(
      'refuses %s with 400 and its Hungarian message, on create and on replace',
      async (_, body, message) => {
        const teacher = await t.signedIn('teacher')
        const id = await newClassroom(teacher.token, 'Marad')
        for (const [method, url] of [
          ['POST', '/api/classrooms'],
          ['PUT', `/api/classrooms/${id}`],
        ] as const) {
          const res = await call(teacher.token, method, url, body)
          expect(res.statusCode, `${method} ${res.body}`).toBe(400)
          expect(res.json()).toEqual({ code: 400, message })
        }
        expect((await call(teacher.token, 'GET', `/api/classrooms/${id}`)).json().classroom.name).toBe(
          'Marad',
        )
        expect(await auditEntries(t.handle.db, teacher.username, 'updateClassroom')).toHaveLength(0)
      },
    )

    it('answers 404 for an unknown or malformed id', async () => {
      const teacher = await t.signedIn('teacher')
      for (const id of [randomUUID(), 'nem-uuid']) {
        for (const [method, payload] of [
          ['GET'],
          ['PUT', { name: '1', layout: LAYOUT }],
          ['DELETE'],
        ] as const) {
          const res = await call(teacher.token, method, `/api/classrooms/${id}`, payload)
          expect(res.statusCode, `${method} ${id}`).toBe(404)
          expect(res.json()).toEqual({ code: 404, message: MESSAGES.classroomNotFound })
        }
      }
    })

    it('refuses to delete a classroom that groups meet in, naming them (409)', async () => {
      const { teacher, classroomId, students } = await seatedSetup(1)
      const other = await t.signedIn('teacher')
      const second = await call(other.token, 'POST', '/api/groups/create', {
        groupName: 'Angol haladó',
        groupDay: 5,
        students: [students[0].username],
        classroom: classroomId,
        startTime: '08:00',
        endTime: '08:45',
      })
      expect(second.statusCode).toBe(201)
      const res = await call(teacher.token, 'DELETE', `/api/classrooms/${classroomId}`)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        code: 409,
        message: 'A terem nem törölhető, mert ezek a csoportok használják: 9.A matek, Angol haladó.',
      })
      expect((await call(teacher.token, 'GET', `/api/classrooms/${classroomId}`)).statusCode).toBe(200)
      expect(await auditEntries(t.handle.db, teacher.username, 'deleteClassroom')).toHaveLength(0)
    })

    it('drops the seats that are no longer on a student desk when the layout changes', async () => {
      const { teacher, students, classroomId, path } = await seatedSetup(3)
      const positions: SeatPosition[] = [
        { student: students[0].username, position: '0-1' },
        { student: students[1].username, position: '2-1' },
        { student: students[2].username, position: '1-2' },
      ]
      expect((await call(teacher.token, 'POST', path, { positions })).statusCode).toBe(200)
      // 2-1 becomes a teacher desk, row 2 is cut off; 0-1 stays a student desk.
      const layout: ClassroomLayout = {
        size: [4, 2],
        objects: [
          { x: 0, y: 1, type: 'student' },
          { x: 2, y: 1, type: 'teacher' },
        ],
      }
      expect(
        (await call(teacher.token, 'PUT', `/api/classrooms/${classroomId}`, { name: 'Új', layout }))
          .statusCode,
      ).toBe(200)
      expect((await call(teacher.token, 'GET', path)).json()).toEqual({
        code: 200,
        positions: [positions[0]],
      })

      // A layout that keeps every desk keeps the seating as it was.
      expect(
        (await call(teacher.token, 'PUT', `/api/classrooms/${classroomId}`, { name: 'Új', layout }))
          .statusCode,
      ).toBe(200)
      expect((await call(teacher.token, 'GET', path)).json().positions).toEqual([positions[0]])
    })
  })

  describe('seating', () => {
    it('starts empty, saves, replaces and clears, audited as updateSeating and deleteSeating', async () => {
      const { teacher, students, classroomId, groupId, path } = await seatedSetup(2)
      expect((await call(teacher.token, 'GET', path)).json()).toEqual({ code: 200, positions: [] })

      const first = [{ student: students[0].username, position: '0-1' }]
      const saved = await call(teacher.token, 'POST', path, { positions: first })
      expect(saved.statusCode).toBe(200)
      expect(saved.json()).toEqual({ code: 200, message: 'Ülésrend sikeresen mentve.' })
      expect((await call(teacher.token, 'GET', path)).json()).toEqual({ code: 200, positions: first })

      const second = [
        { student: students[1].username, position: '0-1' },
        { student: students[0].username, position: '1-2' },
      ]
      expect((await call(teacher.token, 'POST', path, { positions: second })).statusCode).toBe(200)
      expect((await call(teacher.token, 'GET', path)).json().positions).toEqual(second)

      expect((await call(teacher.token, 'POST', path, { positions: [] })).statusCode).toBe(200)
      expect((await call(teacher.token, 'GET', path)).json().positions).toEqual([])

      const extras = { groupId, groupName: '9.A matek', classroomId }
      const updates = await auditEntries(t.handle.db, teacher.username, 'updateSeating')
      expect(updates.map((entry) => entry.extras)).toEqual([extras, extras])
      const clears = await auditEntries(t.handle.db, teacher.username, 'deleteSeating')
      expect(clears.map((entry) => entry.extras)).toEqual([extras])
    })

    it('refuses a bad position with 400 and its message, keeping the seating', async () => {
      const { teacher, students, path } = await seatedSetup(2)
      const outsider = await t.user('student')
      const [a, b] = students.map((s) => s.username)
      const kept = [{ student: a, position: '0-1' }]
      expect((await call(teacher.token, 'POST', path, { positions: kept })).statusCode).toBe(200)
      const cases: [SeatPosition[], string][] = [
        [[{ student: a, position: '9-9' }], LAYOUT_MESSAGES.seatOutside],
        [[{ student: a, position: '4-0' }], LAYOUT_MESSAGES.seatOutside],
        [[{ student: a, position: 'a-b' }], LAYOUT_MESSAGES.seatOutside],
        [[{ student: a, position: '0-0' }], LAYOUT_MESSAGES.seatNotDesk],
        [[{ student: a, position: '3-0' }], LAYOUT_MESSAGES.seatNotDesk],
        [
          [
            { student: a, position: '0-1' },
            { student: b, position: '0-1' },
          ],
          LAYOUT_MESSAGES.seatTaken,
        ],
        [
          [
            { student: a, position: '0-1' },
            { student: a, position: '1-1' },
          ],
          LAYOUT_MESSAGES.seatTwice,
        ],
        [[{ student: outsider.username, position: '1-1' }], LAYOUT_MESSAGES.notMember],
      ]
      for (const [positions, message] of cases) {
        const res = await call(teacher.token, 'POST', path, { positions })
        expect(res.statusCode, JSON.stringify(positions)).toBe(400)
        expect(res.json()).toEqual({ code: 400, message })
      }
      expect((await call(teacher.token, 'POST', path, { seats: [] })).json()).toEqual({
        code: 400,
        message: MESSAGES.badRequest,
      })
      expect((await call(teacher.token, 'GET', path)).json().positions).toEqual(kept)
      expect(await auditEntries(t.handle.db, teacher.username, 'updateSeating')).toHaveLength(1)
    })

    it("answers 404 for another teacher's group, a wrong classroom or an unknown group; admins see all", async () => {
      const { teacher, students, classroomId, groupId, path } = await seatedSetup(1)
      const seats = { positions: [{ student: students[0].username, position: '1-1' }] }
      const other = await t.signedIn('teacher')
      for (const method of ['GET', 'POST'] as const) {
        const res = await call(other.token, method, path, method === 'POST' ? seats : undefined)
        expect(res.statusCode).toBe(404)
        expect(res.json()).toEqual({ code: 404, message: MESSAGES.groupNotFound })
      }
      const elsewhere = await newClassroom(teacher.token, 'Máshol')
      for (const url of [
        `/api/classrooms/${elsewhere}/groups/${groupId}/seating`,
        `/api/classrooms/${classroomId}/groups/${randomUUID()}/seating`,
        `/api/classrooms/${classroomId}/groups/nem-uuid/seating`,
      ]) {
        expect((await call(teacher.token, 'GET', url)).statusCode, url).toBe(404)
        expect((await call(teacher.token, 'POST', url, seats)).statusCode, url).toBe(404)
      }
      expect(await auditEntries(t.handle.db, other.username)).toHaveLength(0)

      const admin = await t.signedIn('admin')
      expect((await call(admin.token, 'POST', path, seats)).statusCode).toBe(200)
      expect((await call(admin.token, 'GET', path)).json().positions).toEqual(seats.positions)
    })

    it("answers 400 'Hiányzó adatok' for a group without a classroom", async () => {
      const teacher = await t.signedIn('teacher')
      const student = await t.user('student')
      const classroomId = await newClassroom(teacher.token, 'Nincs')
      const created = await call(teacher.token, 'POST', '/api/groups/create', {
        groupName: 'Teremtelen',
        groupDay: 3,
        students: [student.username],
        classroom: '',
        startTime: '08:00',
        endTime: '08:45',
      })
      const path = `/api/classrooms/${classroomId}/groups/${created.json().groupId}/seating`
      for (const method of ['GET', 'POST'] as const) {
        const res = await call(teacher.token, method, path, method === 'POST' ? { positions: [] } : undefined)
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ code: 400, message: 'Hiányzó adatok' })
      }
    })

    it('never leaves a seat off the layout when a seating save and a layout change race', async () => {
      const { teacher, students, classroomId, path } = await seatedSetup(2)
      const positions = [
        { student: students[0].username, position: '0-1' },
        { student: students[1].username, position: '1-2' },
      ]
      const narrow: ClassroomLayout = { size: [4, 2], objects: LAYOUT.objects.filter((o) => o.y < 2) }
      for (const layout of [narrow, LAYOUT, narrow, LAYOUT, narrow]) {
        const [saved, changed] = await Promise.all([
          call(teacher.token, 'POST', path, { positions }),
          call(teacher.token, 'PUT', `/api/classrooms/${classroomId}`, { name: 'Verseny', layout }),
        ])
        expect(changed.statusCode).toBe(200)
        // Checked against the layout it met: the full one takes both, the narrow one refuses row 2.
        expect([200, 400]).toContain(saved.statusCode)
        const current = (await call(teacher.token, 'GET', `/api/classrooms/${classroomId}`)).json().classroom
        const seated = (await call(teacher.token, 'GET', path)).json().positions as SeatPosition[]
        expect(seatingOnLayout(current.layout, seated)).toEqual(seated)
      }
    })

    it('does not show the seat of a student whose account was removed', async () => {
      const { teacher, students, path } = await seatedSetup(2)
      const positions = [
        { student: students[0].username, position: '0-1' },
        { student: students[1].username, position: '1-1' },
      ]
      expect((await call(teacher.token, 'POST', path, { positions })).statusCode).toBe(200)
      await t.handle.db.delete(users).where(eq(users.id, students[1].user.id))
      expect((await call(teacher.token, 'GET', path)).json().positions).toEqual([positions[0]])
    })

    it('applies a seating POST replayed with the same Idempotency-Key once', async () => {
      const { teacher, students, path } = await seatedSetup(1)
      const body = { positions: [{ student: students[0].username, position: '2-1' }] }
      const first = await call(teacher.token, 'POST', path, body, 'ules-1')
      const again = await call(teacher.token, 'POST', path, body, 'ules-1')
      expect(first.statusCode).toBe(200)
      expect(again.statusCode).toBe(200)
      expect(again.body).toBe(first.body)
      expect(await auditEntries(t.handle.db, teacher.username, 'updateSeating')).toHaveLength(1)
      expect((await call(teacher.token, 'GET', path)).json().positions).toEqual(body.positions)
    })
  })
})
