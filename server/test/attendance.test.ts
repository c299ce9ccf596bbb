/**
 * The attendance register (issue 20) on both databases: a day saved whole and read back in the members' order, the
 * Hungarian refusals (a day that does not exist or is after today, a status outside the four, a pupil twice or not a
 * member), another teacher's register hidden, an idempotent save audited once with its extras, and the month's
 * jelenléti ív read back with SheetJS (header, session days, letters, totals, neutralised text).
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { ATTENDANCE_MESSAGES, type AttendanceMonthResponse } from '@contract/api/attendance'
import { dayInZone } from '@contract/features'
import { MESSAGES } from '@contract/messages'
import { groupMembers, groups } from '../db/schema'
import { drivers, useTestApp, type TestUser } from './build'
import { auditEntries } from './queries'

const DAY_MS = 24 * 3600 * 1000

/** 'YYYY-MM-DD' plus `days`. */
function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10)
}

describe.each(drivers)('attendance register on %s', (driver) => {
  const t = useTestApp(driver)
  const today = () => dayInZone(t.clock.now(), t.config.TZ)

  const call = (token: string, method: 'GET' | 'PUT', url: string, payload?: unknown, key?: string) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })

  /** A teacher's group of `names` (pupils), in a classroom named '204'. */
  const setup = async (names: string[], options: { groupDay?: number; groupName?: string } = {}) => {
    const teacher = await t.signedIn('teacher', { name: 'Kovács Éva' })
    const students: TestUser[] = []
    for (const name of names) students.push(await t.user('student', { name }))
    const classroom = await t.app.inject({
      method: 'POST',
      url: '/api/classrooms',
      headers: { authorization: teacher.token },
      payload: { name: '204', layout: { size: [2, 1], objects: [{ x: 0, y: 0, type: 'student' }] } },
    })
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/groups/create',
      headers: { authorization: teacher.token },
      payload: {
        groupName: options.groupName ?? 'Matek 9.A',
        groupDay: options.groupDay ?? 1,
        classroom: classroom.json().classroomId as string,
        students: students.map((s) => s.username),
        startTime: '08:00',
        endTime: '08:45',
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const groupId = created.json().groupId as string
    return { teacher, students, groupId, base: `/api/groups/${groupId}/attendance` }
  }

  it('saves a day whole and reads it back in the members’ order, unmarked members left out', async () => {
    const { teacher, students, base } = await setup(['Zala Zoé', 'Ábel Ádám', 'Cseh Csilla'])
    const [zoe, adam, csilla] = students
    const day = today()
    const saved = await call(teacher.token, 'PUT', `${base}/${day}`, {
      entries: [
        { student: zoe.username, status: 'late', note: '  10 percet késett  ' },
        { student: adam.username, status: 'present' },
        { student: csilla.username, status: 'excused', note: '   ' },
      ],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ code: 200, message: ATTENDANCE_MESSAGES.saved })

    const read = await call(teacher.token, 'GET', `${base}?date=${day}`)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toEqual({
      date: day,
      entries: [
        { student: adam.username, status: 'present' },
        { student: csilla.username, status: 'excused' },
        { student: zoe.username, status: 'late', note: '10 percet késett' },
      ],
    })

    // The whole day: who is left out is unmarked again; a username in another case is the member.
    const again = await call(teacher.token, 'PUT', `${base}/${day}`, {
      entries: [{ student: adam.username.toUpperCase(), status: 'absent' }],
    })
    expect(again.statusCode, again.body).toBe(200)
    expect((await call(teacher.token, 'GET', `${base}?date=${day}`)).json()).toEqual({
      date: day,
      entries: [{ student: adam.username, status: 'absent' }],
    })
    // Another day is empty; an empty list clears a day.
    expect((await call(teacher.token, 'GET', `${base}?date=${addDays(day, -7)}`)).json()).toEqual({
      date: addDays(day, -7),
      entries: [],
    })
    expect((await call(teacher.token, 'PUT', `${base}/${day}`, { entries: [] })).statusCode).toBe(200)
    expect((await call(teacher.token, 'GET', `${base}?date=${day}`)).json().entries).toEqual([])
  })

  it('refuses a bad day, a future day, an unknown pupil or status and a pupil twice with Hungarian 400s', async () => {
    const { teacher, students, base } = await setup(['Kiss Kata'])
    const outsider = await t.user('student')
    const kata = students[0].username
    const day = today()
    const refusals: [string, unknown, string][] = [
      [`${base}/${addDays(day, 1)}`, { entries: [] }, ATTENDANCE_MESSAGES.futureDate],
      [`${base}/2026-02-30`, { entries: [] }, ATTENDANCE_MESSAGES.invalidDate],
      [`${base}/tegnap`, { entries: [] }, ATTENDANCE_MESSAGES.invalidDate],
      [
        `${base}/${day}`,
        { entries: [{ student: '', status: 'present' }] },
        ATTENDANCE_MESSAGES.invalidStudent,
      ],
      [
        `${base}/${day}`,
        { entries: [{ student: kata, status: 'present', note: 'x'.repeat(501) }] },
        ATTENDANCE_MESSAGES.noteTooLong,
      ],
      [
        `${base}/${day}`,
        { entries: [{ student: outsider.username, status: 'present' }] },
        ATTENDANCE_MESSAGES.unknownStudent.replace('{student}', outsider.username),
      ],
      [
        `${base}/${day}`,
        { entries: [{ student: kata, status: 'beteg' }] },
        ATTENDANCE_MESSAGES.invalidStatus,
      ],
      [
        `${base}/${day}`,
        {
          entries: [
            { student: kata, status: 'present' },
            { student: kata, status: 'late' },
          ],
        },
        ATTENDANCE_MESSAGES.duplicateStudent.replace('{student}', kata),
      ],
    ]
    for (const [url, body, message] of refusals) {
      const res = await call(teacher.token, 'PUT', url, body)
      expect(res.statusCode, url).toBe(400)
      expect(res.json()).toEqual({ code: 400, message })
    }
    const badRead = await call(teacher.token, 'GET', `${base}?date=2026-13-01`)
    expect(badRead.statusCode).toBe(400)
    expect(badRead.json()).toEqual({ code: 400, message: ATTENDANCE_MESSAGES.invalidDate })
    for (const month of ['2026-13', 'november', '2026-00', '1899-12'])
      for (const path of [`${base}.xlsx`, `${base}/month`]) {
        const badMonth = await call(teacher.token, 'GET', `${path}?month=${month}`)
        expect(badMonth.statusCode, `${path} ${month}`).toBe(400)
        expect(badMonth.json()).toEqual({ code: 400, message: ATTENDANCE_MESSAGES.invalidMonth })
      }
    const noDate = await call(teacher.token, 'GET', base)
    expect(noDate.statusCode).toBe(400)
    expect(noDate.json()).toEqual({ code: 400, message: ATTENDANCE_MESSAGES.invalidDate })
    // Nothing was written.
    expect((await call(teacher.token, 'GET', `${base}?date=${day}`)).json().entries).toEqual([])
    expect(await auditEntries(t.handle.db, teacher.username, 'updateAttendance')).toHaveLength(0)
  })

  it("hides another teacher's register (404 to read, change or download); an administrator sees any", async () => {
    const { teacher, students, base } = await setup(['Nagy Nándor'])
    const other = await t.signedIn('teacher')
    const admin = await t.signedIn('admin')
    const day = today()
    const body = { entries: [{ student: students[0].username, status: 'present' }] }
    expect((await call(teacher.token, 'PUT', `${base}/${day}`, body)).statusCode).toBe(200)

    for (const [method, url, payload] of [
      ['GET', `${base}?date=${day}`, undefined],
      ['PUT', `${base}/${day}`, { entries: [] }],
      ['GET', `${base}.xlsx?month=${day.slice(0, 7)}`, undefined],
      ['GET', `${base}/month?month=${day.slice(0, 7)}`, undefined],
    ] as const) {
      const res = await call(other.token, method, url, payload)
      expect(res.statusCode, url).toBe(404)
      expect(res.json()).toEqual({ code: 404, message: MESSAGES.groupNotFound })
    }
    expect((await call(teacher.token, 'GET', `${base}?date=${day}`)).json().entries).toHaveLength(1)

    expect((await call(admin.token, 'GET', `${base}?date=${day}`)).json().entries).toHaveLength(1)
    expect((await call(admin.token, 'GET', `${base}.xlsx`)).statusCode).toBe(200)
    const monthByAdmin = await call(admin.token, 'GET', `${base}/month`)
    expect(monthByAdmin.statusCode).toBe(200)
    expect(monthByAdmin.json()).toMatchObject({
      month: day.slice(0, 7),
      pupils: [{ username: students[0].username, totals: { present: 1 } }],
    })
    const byAdmin = await call(admin.token, 'PUT', `${base}/${day}`, {
      entries: [{ student: students[0].username, status: 'excused' }],
    })
    expect(byAdmin.statusCode).toBe(200)
    expect((await call(teacher.token, 'GET', `${base}?date=${day}`)).json().entries).toEqual([
      { student: students[0].username, status: 'excused' },
    ])
  })

  it('applies a save replayed with the same Idempotency-Key once, audited with group and day', async () => {
    const { teacher, students, groupId, base } = await setup(['Tóth Tamás'], { groupName: 'Fizika 10.B' })
    const day = today()
    const body = { entries: [{ student: students[0].username, status: 'present' }] }
    const first = await call(teacher.token, 'PUT', `${base}/${day}`, body, 'jelenlet-1')
    const again = await call(teacher.token, 'PUT', `${base}/${day}`, body, 'jelenlet-1')
    expect(first.statusCode).toBe(200)
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toBe(first.body)
    const entries = await auditEntries(t.handle.db, teacher.username, 'updateAttendance')
    expect(entries).toHaveLength(1)
    expect(entries[0].extras).toEqual({ studentGroupDocId: groupId, groupName: 'Fizika 10.B', date: day })

    // The Rendszernapló shows it with its extras.
    const admin = await t.signedIn('admin')
    const log = await call(
      admin.token,
      'GET',
      `/api/auditlog?types=updateAttendance&user=${teacher.username}`,
    )
    expect(log.statusCode, log.body).toBe(200)
    expect(JSON.stringify(log.json())).toContain(`"date":"${day}"`)
  })

  it('keeps a former member’s entries when the day is saved again, and reads only members', async () => {
    const { teacher, students, groupId, base } = await setup(['Elek Emma', 'Fodor Feri'])
    const [emma, feri] = students
    const day = today()
    const both = {
      entries: [
        { student: emma.username, status: 'present' },
        { student: feri.username, status: 'absent' },
      ],
    }
    expect((await call(teacher.token, 'PUT', `${base}/${day}`, both)).statusCode).toBe(200)
    await t.handle.db.delete(groupMembers).where(eq(groupMembers.userId, feri.user.id))
    const res = await call(teacher.token, 'PUT', `${base}/${day}`, {
      entries: [{ student: emma.username, status: 'late' }],
    })
    expect(res.statusCode).toBe(200)
    expect((await call(teacher.token, 'GET', `${base}?date=${day}`)).json().entries).toEqual([
      { student: emma.username, status: 'late' },
    ])
    // A former member is not a member any more: their entry cannot be changed, but the month's sheet still lists them.
    expect(
      (
        await call(teacher.token, 'PUT', `${base}/${day}`, {
          entries: [{ student: feri.username, status: 'present' }],
        })
      ).statusCode,
    ).toBe(400)
    const file = await call(teacher.token, 'GET', `${base}.xlsx?month=${day.slice(0, 7)}`)
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(file.rawPayload).Sheets['Jelenléti ív'], {
      header: 1,
    })
    expect(rows.some((row) => row[1] === feri.username)).toBe(true)
    expect(groupId).toBeTruthy()
  })

  it('writes the month’s jelenléti ív: header, session days, letters, totals, Hungarian order, no formulas', async () => {
    // Last month, fully in the past: every Monday is a session, and a Wednesday that has entries.
    const thisMonth = today().slice(0, 7)
    const lastMonthDay = addDays(`${thisMonth}-01`, -1)
    const month = lastMonthDay.slice(0, 7)
    const { teacher, students, groupId, base } = await setup(
      ['Zala Zoé', '=1+1 Ede', 'Czakó Cecil', 'Csonka Csaba', 'Ábel Ádám'],
      { groupName: 'Matek 9.A' },
    )
    const [zoe, injected, czako, csonka, adam] = students
    await t.handle.db
      .update(groups)
      .set({ createdAt: new Date(`${month}-01T00:00:00Z`) })
      .where(eq(groups.id, groupId))
    const mondays: string[] = []
    for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1))
      if (new Date(`${day}T12:00:00Z`).getUTCDay() === 1) mondays.push(day)
    const wednesday = addDays(mondays[0], 2)
    const save = async (day: string, entries: [TestUser, string][]) => {
      const res = await call(teacher.token, 'PUT', `${base}/${day}`, {
        entries: entries.map(([student, status]) => ({ student: student.username, status })),
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await save(mondays[0], [
      [zoe, 'present'],
      [injected, 'absent'],
      [czako, 'late'],
      [csonka, 'excused'],
      [adam, 'present'],
    ])
    await save(mondays[1], [
      [zoe, 'absent'],
      [adam, 'present'],
    ])
    await save(wednesday, [[adam, 'late']])

    const res = await call(teacher.token, 'GET', `${base}.xlsx?month=${month}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="jelenleti-iv-matek-9-a-${month}.xlsx"`,
    )

    const workbook = XLSX.read(res.rawPayload, { type: 'buffer', cellFormula: true })
    const sheet = workbook.Sheets['Jelenléti ív']
    expect(Object.values(sheet).some((cell: XLSX.CellObject) => cell?.f)).toBe(false)
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null })
    const monthName = new Intl.DateTimeFormat('hu-HU', {
      year: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${month}-01T00:00:00Z`))
    expect(rows.slice(0, 5).map((row) => row.filter((cell) => cell !== null))).toEqual([
      ['Jelenléti ív'],
      ['Csoport', 'Matek 9.A'],
      ['Oktató', 'Kovács Éva'],
      ['Terem', '204. terem'],
      ['Hónap', monthName],
    ])

    const sessions = [...mondays, wednesday].sort()
    const head = rows[6]
    expect(head.slice(0, 2)).toEqual(['Tanuló', 'Felhasználónév'])
    // Session days are real date cells.
    const dayCells = sessions.map(
      (_, i) => sheet[XLSX.utils.encode_cell({ r: 6, c: 2 + i })] as XLSX.CellObject,
    )
    expect(dayCells.every((cell) => cell.t === 'n')).toBe(true)
    expect(
      dayCells.map((cell) => {
        const date = XLSX.SSF.parse_date_code(cell.v as number)
        return `${date.y}-${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}`
      }),
    ).toEqual(sessions)
    expect(head.slice(2 + sessions.length)).toEqual(['Jelen', 'Hiányzott', 'Késett', 'Igazolt'])

    const pupilRows = rows.slice(7, 12)
    const byUsername = new Map(pupilRows.map((row) => [row[1], row]))
    // Hungarian collation: Á with A, Cz before Cs, the neutralised name first (punctuation).
    expect(pupilRows.map((row) => row[0])).toEqual([
      "'=1+1 Ede",
      'Ábel Ádám',
      'Czakó Cecil',
      'Csonka Csaba',
      'Zala Zoé',
    ])
    const column = (day: string) => 2 + sessions.indexOf(day)
    const total = 2 + sessions.length
    const adamRow = byUsername.get(adam.username)!
    expect(adamRow[column(mondays[0])]).toBe('J')
    expect(adamRow[column(mondays[1])]).toBe('J')
    expect(adamRow[column(wednesday)]).toBe('K')
    expect(adamRow.slice(total, total + 4)).toEqual([2, 0, 1, 0])
    const zoeRow = byUsername.get(zoe.username)!
    expect([zoeRow[column(mondays[0])], zoeRow[column(mondays[1])], zoeRow[column(wednesday)]]).toEqual([
      'J',
      'H',
      null,
    ])
    expect(zoeRow.slice(total, total + 4)).toEqual([1, 1, 0, 0])
    expect(byUsername.get(csonka.username)![column(mondays[0])]).toBe('I')
    expect(byUsername.get(czako.username)![column(mondays[0])]).toBe('K')
    expect(byUsername.get(injected.username)!.slice(total, total + 4)).toEqual([0, 1, 0, 0])
    // Totals are numbers.
    expect(sheet[XLSX.utils.encode_cell({ r: 8, c: total })]).toMatchObject({ t: 'n', v: 2 })

    // Totals per session: one row per status, and the month's total of that status in its own column.
    const sessionTotals = rows.slice(12, 16)
    expect(sessionTotals.map((row) => row[0])).toEqual([
      'Jelen (J)',
      'Hiányzott (H)',
      'Késett (K)',
      'Igazolt (I)',
    ])
    const at = (row: unknown[], day: string) => row[column(day)]
    expect(sessionTotals.map((row) => at(row, mondays[0]))).toEqual([2, 1, 1, 1])
    expect(sessionTotals.map((row) => at(row, mondays[1]))).toEqual([1, 1, 0, 0])
    expect(sessionTotals.map((row) => at(row, wednesday))).toEqual([0, 0, 1, 0])
    expect(sessionTotals.map((row, i) => row[total + i])).toEqual([3, 2, 2, 1])
    for (const day of mondays.slice(2)) expect(sessionTotals.map((row) => at(row, day))).toEqual([0, 0, 0, 0])
    expect(rows[17][0]).toBe('J: jelen, H: hiányzik, K: késett, I: igazolt')

    // The print view's data (/month) is the same sheet: one builder for both.
    const data = await call(teacher.token, 'GET', `${base}/month?month=${month}`)
    expect(data.statusCode, data.body).toBe(200)
    const sheetData = data.json<AttendanceMonthResponse>()
    expect(sheetData).toMatchObject({
      month,
      monthName,
      groupName: 'Matek 9.A',
      instructor: 'Kovács Éva',
      room: '204',
      sessions,
    })
    const letter = { present: 'J', absent: 'H', late: 'K', excused: 'I' } as const
    expect(
      sheetData.pupils.map((pupil) => [
        pupil.username,
        ...pupil.marks.map((mark) => (mark ? letter[mark] : null)),
        ...Object.values(pupil.totals),
      ]),
    ).toEqual(pupilRows.map((row) => row.slice(1, total + 4)))
    expect(sheetData.pupils[0].name).toBe('=1+1 Ede')
    expect(sheetData.sessionTotals.map((counts) => Object.values(counts))).toEqual(
      sessions.map((day) => sessionTotals.map((row) => at(row, day))),
    )
    expect(sheetData.totals).toEqual({ present: 3, absent: 2, late: 2, excused: 1 })
  })
})
