/**
 * Bug reports from inside the app (issue 11), on both databases: a student files one, an administrator lists it
 * (newest first) and marks it done, a non-administrator is refused the list and the marking, a replay with the same
 * Idempotency-Key stores one report, and the token is never stored.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { BugReport } from '@contract/api'
import { drivers, useTestApp, type TestApp } from './build'

function api(t: TestApp, token: string) {
  return (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: token, ...headers },
      ...(payload ? { payload } : {}),
    })
}

async function rowsOf(t: TestApp, message: string): Promise<Record<string, unknown>[]> {
  const result = (await t.handle.db.execute(
    sql`select * from bug_reports where message = ${message}`,
  )) as unknown as { rows: Record<string, unknown>[] }
  return result.rows
}

describe.each(drivers)('Hibabejelentések on %s', (driver) => {
  const t = useTestApp(driver)

  it('a student files a report; an administrator lists it newest first and marks it done', async () => {
    const student = await t.signedIn('student')
    const admin = await t.signedIn('admin')
    const message = `Nem töltődik be a jegyzet ${randomUUID()}`

    const first = await api(t, student.token)(
      'POST',
      '/api/bug-reports',
      { message: `Régebbi ${message}`, screen: 'Kezdőlap', appVersion: '0.1.0' },
      { 'user-agent': 'Teszt böngésző' },
    )
    expect(first.statusCode, first.body).toBe(201)
    t.clock.advance(1000)
    const filed = await api(t, student.token)(
      'POST',
      '/api/bug-reports',
      { message: `  ${message}  `, screen: 'Kezdőlap', appVersion: '0.1.0' },
      { 'user-agent': 'Teszt böngésző' },
    )
    expect(filed.statusCode, filed.body).toBe(201)
    const { id } = filed.json() as { id: string }

    const list = await api(t, admin.token)('GET', '/api/bug-reports')
    expect(list.statusCode).toBe(200)
    const reports = (list.json() as { bugReports: BugReport[] }).bugReports
    const mine = reports.filter((r) => r.username === student.username)
    expect(mine.map((r) => r.message)).toEqual([message, `Régebbi ${message}`])
    expect(mine[0]).toMatchObject({
      id,
      screen: 'Kezdőlap',
      appVersion: '0.1.0',
      userAgent: 'Teszt böngésző',
      doneAt: null,
      doneBy: null,
    })

    const done = await api(t, admin.token)('PUT', `/api/bug-reports/${id}/done`)
    expect(done.statusCode, done.body).toBe(200)
    expect((done.json() as { bugReport: BugReport }).bugReport).toMatchObject({ id, doneBy: admin.username })
    expect((done.json() as { bugReport: BugReport }).bugReport.doneAt).not.toBeNull()
    const after = (await api(t, admin.token)('GET', '/api/bug-reports')).json() as { bugReports: BugReport[] }
    expect(after.bugReports.find((r) => r.id === id)?.doneBy).toBe(admin.username)

    expect((await api(t, admin.token)('PUT', `/api/bug-reports/${randomUUID()}/done`)).statusCode).toBe(404)
    expect((await api(t, admin.token)('PUT', '/api/bug-reports/nem-azonosito/done')).statusCode).toBe(404)
  })

  it('refuses the list and the marking to teachers and students (403), and everything to the signed out (401)', async () => {
    const student = await t.signedIn('student')
    const teacher = await t.signedIn('teacher')
    const filed = await api(t, student.token)('POST', '/api/bug-reports', {
      message: 'Valami elromlott',
      screen: 'Kezdőlap',
      appVersion: '0.1.0',
    })
    const { id } = filed.json() as { id: string }
    for (const token of [student.token, teacher.token]) {
      expect((await api(t, token)('GET', '/api/bug-reports')).statusCode).toBe(403)
      expect((await api(t, token)('PUT', `/api/bug-reports/${id}/done`)).statusCode).toBe(403)
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/bug-reports',
      payload: { message: 'x', screen: '', appVersion: '' },
    })
    expect(anonymous.statusCode).toBe(401)
  })

  it('refuses an empty or too long message and unknown fields (400)', async () => {
    const student = await t.signedIn('student')
    const call = api(t, student.token)
    const base = { screen: 'Kezdőlap', appVersion: '0.1.0' }
    expect((await call('POST', '/api/bug-reports', { ...base, message: '' })).statusCode).toBe(400)
    expect((await call('POST', '/api/bug-reports', { ...base, message: '   ' })).statusCode).toBe(400)
    expect((await call('POST', '/api/bug-reports', { ...base, message: 'x'.repeat(2001) })).statusCode).toBe(
      400,
    )
    expect(
      (await call('POST', '/api/bug-reports', { ...base, message: 'jó', token: student.token })).statusCode,
    ).toBe(400)
  })

  it('stores a report replayed with the same Idempotency-Key once, and never the token', async () => {
    const student = await t.signedIn('student')
    const message = `Offline bejelentés ${randomUUID()}`
    const key = randomUUID()
    const body = { message, screen: 'Kezdőlap', appVersion: '0.1.0' }
    const one = await api(t, student.token)('POST', '/api/bug-reports', body, { 'idempotency-key': key })
    const two = await api(t, student.token)('POST', '/api/bug-reports', body, { 'idempotency-key': key })
    expect(one.statusCode).toBe(201)
    expect(two.statusCode).toBe(201)
    expect(two.json()).toEqual(one.json())
    const rows = await rowsOf(t, message)
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(student.token)
  })
})
