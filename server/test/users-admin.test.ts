/**
 * Felhasználók (issue 11), on both databases: the list, create with a one-time password, the last-administrator rule,
 * reset (sessions end), MFA removal, per-user features with dates and dependencies changing what the user's own
 * routes allow, every change audited in its transaction, and the import (preview writes nothing; all or nothing) and
 * export.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import * as XLSX from 'xlsx'
import { USERS_MESSAGES, type UserSummary } from '@contract/api'
import { PASSWORD_CHANGE_REQUIRED } from '@contract/password-rule'
import { buildApp } from '../app'
import { users } from '../db/schema'
import { HttpError } from '../lib/http-error'
import { listUserFeatures, setUserFeature } from '../repositories/features-repository'
import { createUser, setMfaEmail } from '../repositories/users-repository'
import { importChange } from '../services/users-admin-import'
import { drivers, TEST_LOG_N, useTestApp, type TestApp } from './build'
import { auditEntries, userRow } from './queries'

let ipCounter = 0
const nextIp = () => `10.11.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`
const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`
const DAY_MS = 86_400_000

function api(t: TestApp, token: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) })
}

async function login(t: TestApp, username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: nextIp(),
  })
}

async function signIn(t: TestApp, username: string, password: string): Promise<string> {
  const res = await login(t, username, password)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { Token: string }).Token
}

const csv = (text: string) => ({ fileName: 'diakok.csv', content: Buffer.from(text).toString('base64') })

async function countRows(t: TestApp): Promise<{ users: number; audit: number }> {
  const result = (await t.handle.db.execute(
    sql`select (select count(*) from users)::int as users, (select count(*) from audit_log)::int as audit`,
  )) as unknown as { rows: { users: number; audit: number }[] }
  return { users: Number(result.rows[0].users), audit: Number(result.rows[0].audit) }
}

describe.each(drivers)('Felhasználók on %s', (driver) => {
  const t = useTestApp(driver)

  it('refuses to disable or demote the last active administrator (409), and audits nothing then', async () => {
    const admin = await t.signedIn('admin')
    // Every other administrator of this database is disabled: `admin` is the last active one.
    await t.handle.db
      .update(users)
      .set({ disabled: true })
      .where(sql`type = 'admin' and id <> ${admin.user.id}`)
    const call = api(t, admin.token)

    const disable = await call('PUT', `/api/users/${admin.user.id}/status`, { disabled: true })
    expect(disable.statusCode).toBe(409)
    expect(disable.json()).toEqual({ code: 409, message: USERS_MESSAGES.lastAdmin })
    const demote = await call('PUT', `/api/users/${admin.user.id}`, { name: 'Admin', type: 'teacher' })
    expect(demote.statusCode).toBe(409)
    expect((await userRow(t.handle.db, admin.username)).type).toBe('admin')
    expect(await auditEntries(t.handle.db, admin.username)).toHaveLength(0)

    // A second active administrator makes both possible.
    const other = await t.user('admin')
    expect((await call('PUT', `/api/users/${other.user.id}/status`, { disabled: true })).statusCode).toBe(200)
    expect((await call('PUT', `/api/users/${admin.user.id}/status`, { disabled: true })).statusCode).toBe(409)
    expect((await call('PUT', `/api/users/${other.user.id}/status`, { disabled: false })).statusCode).toBe(
      200,
    )
    const renamed = await call('PUT', `/api/users/${other.user.id}`, { name: 'Másik Admin', type: 'admin' })
    expect(renamed.statusCode).toBe(200)
    const demoted = await call('PUT', `/api/users/${admin.user.id}`, { name: 'Volt Admin', type: 'teacher' })
    expect(demoted.statusCode, demoted.body).toBe(200)
    expect(demoted.json().user).toMatchObject({ type: 'teacher', name: 'Volt Admin' })
    const types = (await auditEntries(t.handle.db, admin.username)).map((entry) => entry.type).sort()
    expect(types).toEqual(['updateUser', 'updateUser', 'updateUserStatus', 'updateUserStatus'])
  })

  it('refuses to take manageUsers from the last active administrator who has it (409)', async () => {
    const admin = await t.signedIn('admin')
    await t.handle.db
      .update(users)
      .set({ disabled: true })
      .where(sql`type = 'admin' and id <> ${admin.user.id}`)
    const call = api(t, admin.token)
    const off = { overrides: [{ id: 'manageUsers', enabled: false, startDate: null, endDate: null }] }
    const res = await call('PUT', `/api/users/${admin.user.id}/features`, off)
    expect(res.json()).toEqual({ code: 409, message: USERS_MESSAGES.lastManager })
    expect((await call('GET', '/api/users')).statusCode).toBe(200)
    expect(await auditEntries(t.handle.db, admin.username, 'updateUserFeatures')).toHaveLength(0)

    const other = await t.user('admin')
    expect((await call('PUT', `/api/users/${admin.user.id}/features`, off)).statusCode).toBe(200)
    expect((await call('GET', '/api/users')).statusCode).toBe(403)
    // Clean up for the later tests: the other admin gives it back.
    const otherToken = await signIn(t, other.username, other.password)
    const back = await api(t, otherToken)('PUT', `/api/users/${admin.user.id}/features`, { overrides: [] })
    expect(back.statusCode).toBe(200)
  })

  it('creates an account with a one-time password shown once, audited as createUser', async () => {
    const admin = await t.signedIn('admin')
    const username = unique('kiss.anna')
    const res = await api(t, admin.token)('POST', '/api/users', {
      name: ' Kiss Anna ',
      username,
      type: 'student',
    })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json() as { password: string; user: UserSummary; message: string }
    expect(body.message).toBe(USERS_MESSAGES.created)
    expect(body.user).toMatchObject({
      name: 'Kiss Anna',
      username,
      type: 'student',
      oneTime: true,
      mfa: false,
    })
    expect(body.password).toMatch(/^[A-Za-z0-9]{12}$/)
    expect((await userRow(t.handle.db, username)).passwordHash).not.toContain(body.password)

    // The new account must set its own password before anything else.
    const token = await signIn(t, username, body.password)
    const dashboard = await t.app.inject({ url: '/api/dashboard', headers: { authorization: token } })
    expect(dashboard.statusCode).toBe(403)
    expect(dashboard.json().reason).toBe(PASSWORD_CHANGE_REQUIRED)

    const [entry] = await auditEntries(t.handle.db, admin.username, 'createUser')
    expect(entry.extras).toEqual({ targetUsername: username })

    const again = await api(t, admin.token)('POST', '/api/users', {
      name: 'Másik',
      username: username.toUpperCase(),
      type: 'teacher',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(USERS_MESSAGES.usernameTaken)
    const spaced = await api(t, admin.token)('POST', '/api/users', {
      name: 'X',
      username: 'két szó',
      type: 'teacher',
    })
    expect(spaced.json()).toEqual({ code: 400, message: USERS_MESSAGES.usernameInvalid })
    expect(await auditEntries(t.handle.db, admin.username, 'createUser')).toHaveLength(1)
  })

  it('lists every account with type, MFA, last sign-in and disabled', async () => {
    const admin = await t.signedIn('admin')
    const teacher = await t.user('teacher', { mfaEmail: 'tanar@pelda.hu' })
    const student = await t.user('student')
    await t.handle.db.update(users).set({ disabled: true }).where(eq(users.id, student.user.id))
    await signIn(t, admin.username, admin.password)

    const res = await api(t, admin.token)('GET', '/api/users')
    expect(res.statusCode).toBe(200)
    const list = (res.json() as { users: UserSummary[] }).users
    const byName = (username: string) => list.find((u) => u.username === username)
    expect(byName(teacher.username)).toMatchObject({
      type: 'teacher',
      mfa: true,
      disabled: false,
      lastSignIn: null,
    })
    expect(byName(student.username)).toMatchObject({ type: 'student', mfa: false, disabled: true })
    expect(byName(admin.username)?.lastSignIn).not.toBeNull()
    expect(Date.parse(byName(admin.username)!.lastSignIn!)).toBeGreaterThan(t.clock.now().getTime() - 60_000)
  })

  it('resets a password: a new one-time password, every session of that user ends, audited', async () => {
    const admin = await t.signedIn('admin')
    const teacher = await t.user('teacher')
    const laptop = await signIn(t, teacher.username, teacher.password)
    const phone = await signIn(t, teacher.username, teacher.password)

    const res = await api(t, admin.token)('POST', `/api/users/${teacher.user.id}/password`)
    expect(res.statusCode, res.body).toBe(200)
    const { password, message } = res.json() as { password: string; message: string }
    expect(message).toBe(USERS_MESSAGES.passwordReset)
    for (const token of [laptop, phone]) {
      const dashboard = await t.app.inject({ url: '/api/dashboard', headers: { authorization: token } })
      expect(dashboard.statusCode).toBe(401)
    }
    expect((await login(t, teacher.username, teacher.password)).statusCode).toBe(401)
    expect((await login(t, teacher.username, password)).json()).toMatchObject({
      passwordChangeRequired: true,
    })
    const [entry] = await auditEntries(t.handle.db, admin.username, 'resetUserPassword')
    expect(entry.extras).toEqual({ targetUsername: teacher.username })
  })

  it('removes MFA, audited', async () => {
    const admin = await t.signedIn('admin')
    const teacher = await t.user('teacher')
    await setMfaEmail(t.handle.db, teacher.user.id, 'tanar@pelda.hu')
    const res = await api(t, admin.token)('DELETE', `/api/users/${teacher.user.id}/mfa`)
    expect(res.statusCode).toBe(200)
    expect(res.json().user.mfa).toBe(false)
    expect((await userRow(t.handle.db, teacher.username)).mfaEmail).toBeNull()
    expect(await auditEntries(t.handle.db, admin.username, 'removeUserMfa')).toHaveLength(1)
  })

  it('disabling ends the sessions of the account and its sign-in', async () => {
    const admin = await t.signedIn('admin')
    const teacher = await t.user('teacher')
    const token = await signIn(t, teacher.username, teacher.password)
    const res = await api(t, admin.token)('PUT', `/api/users/${teacher.user.id}/status`, { disabled: true })
    expect(res.json()).toMatchObject({ message: USERS_MESSAGES.disabled, user: { disabled: true } })
    expect(
      (await t.app.inject({ url: '/api/dashboard', headers: { authorization: token } })).statusCode,
    ).toBe(401)
    expect((await login(t, teacher.username, teacher.password)).statusCode).toBe(401)
    const [entry] = await auditEntries(t.handle.db, admin.username, 'updateUserStatus')
    expect(entry.extras).toEqual({ targetUsername: teacher.username, disabled: 'true' })
  })

  it('a dated override, and a dependency switched off, change what the user’s own routes allow', async () => {
    const admin = await t.signedIn('admin')
    const teacher = await t.signedIn('teacher')
    const as = api(t, teacher.token)
    const call = api(t, admin.token)
    const today = (await call('GET', `/api/users/${teacher.user.id}/features`)).json().today as string
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10)

    expect((await as('GET', '/api/auditlog')).statusCode).toBe(403)
    // viewAuditLog for today only.
    const put = await call('PUT', `/api/users/${teacher.user.id}/features`, {
      overrides: [{ id: 'viewAuditLog', enabled: true, startDate: today, endDate: today }],
    })
    expect(put.statusCode, put.body).toBe(200)
    expect((await as('GET', '/api/auditlog')).statusCode).toBe(200)
    const features = (await call('GET', `/api/users/${teacher.user.id}/features`)).json()
    expect(features.features.find((f: { id: string }) => f.id === 'viewAuditLog')).toEqual({
      id: 'viewAuditLog',
      roleDefault: false,
      override: { enabled: true, startDate: today, endDate: today },
      dependencies: [],
      effective: true,
    })

    // getAllClassrooms until today only (the dates are the window in which a feature is on): updateClassroom
    // depends on it.
    await call('PUT', `/api/users/${teacher.user.id}/features`, {
      overrides: [
        { id: 'viewAuditLog', enabled: true, startDate: today, endDate: today },
        { id: 'getAllClassrooms', enabled: true, startDate: null, endDate: today },
      ],
    })
    const classroomPut = () =>
      as('PUT', `/api/classrooms/${randomUUID()}`, { name: '101', layout: { size: [2, 2], objects: [] } })
    expect((await as('GET', '/api/classrooms')).statusCode).toBe(200)
    expect((await classroomPut()).statusCode).toBe(404)

    t.clock.advance(2 * DAY_MS)
    try {
      expect((await as('GET', '/api/auditlog')).statusCode).toBe(403)
      expect((await as('GET', '/api/classrooms')).statusCode).toBe(403)
      expect((await classroomPut()).statusCode).toBe(403)
      const later = (await call('GET', `/api/users/${teacher.user.id}/features`)).json()
      const row = (id: string) => later.features.find((f: { id: string }) => f.id === id)
      expect(row('updateClassroom')).toMatchObject({ roleDefault: true, override: null, effective: false })
      expect(row('updateClassroom').dependencies).toEqual(['getAllClassrooms'])
    } finally {
      t.clock.advance(-2 * DAY_MS)
    }
    expect(await auditEntries(t.handle.db, admin.username, 'updateUserFeatures')).toHaveLength(2)

    // A switched-off override holds whatever its dates.
    await call('PUT', `/api/users/${teacher.user.id}/features`, {
      overrides: [{ id: 'getAllClassrooms', enabled: false, startDate: day(5), endDate: null }],
    })
    expect((await as('GET', '/api/classrooms')).statusCode).toBe(403)
    await call('PUT', `/api/users/${teacher.user.id}/features`, { overrides: [] })
    expect((await as('GET', '/api/classrooms')).statusCode).toBe(200)

    const bad = await call('PUT', `/api/users/${teacher.user.id}/features`, {
      overrides: [{ id: 'viewAuditLog', enabled: true, startDate: day(3), endDate: day(1) }],
    })
    expect(bad.json()).toEqual({ code: 400, message: USERS_MESSAGES.badDates })
    const unknown = await call('PUT', `/api/users/${teacher.user.id}/features`, {
      overrides: [{ id: 'launchRocket', enabled: true, startDate: null, endDate: null }],
    })
    expect(unknown.statusCode).toBe(400)
    expect(await auditEntries(t.handle.db, admin.username, 'updateUserFeatures')).toHaveLength(4)
  })

  it('keeps what the dialog does not edit: a kept override’s variant and dependencies', async () => {
    const admin = await t.signedIn('admin')
    const teacher = await t.user('teacher')
    await setUserFeature(t.handle.db, teacher.user.id, {
      featureId: 'groupNotes',
      enabled: true,
      dependencies: ['getGroupsforInstructor'],
      variant: 'ui1',
    })
    const put = await api(t, admin.token)('PUT', `/api/users/${teacher.user.id}/features`, {
      overrides: [
        { id: 'groupNotes', enabled: true, startDate: null, endDate: null },
        { id: 'viewAuditLog', enabled: true, startDate: null, endDate: null },
      ],
    })
    expect(put.statusCode, put.body).toBe(200)
    const rows = await listUserFeatures(t.handle.db, teacher.user.id)
    expect(rows.find((row) => row.featureId === 'groupNotes')).toMatchObject({
      variant: 'ui1',
      dependencies: ['getGroupsforInstructor'],
    })
    expect(rows.find((row) => row.featureId === 'viewAuditLog')).toMatchObject({
      variant: null,
      dependencies: null,
    })
  })

  it('previews an import with every row’s outcome and writes nothing', async () => {
    const admin = await t.signedIn('admin')
    const existing = await t.user('student')
    const fresh = unique('uj.diak')
    const dup = unique('dupla')
    const file = csv(
      [
        'típus,név,felhasználónév,jelszó',
        `student,Új Diák,${fresh},`,
        `student,Meglévő,${existing.username.toUpperCase()},`,
        `robot,Gép Géza,${unique('robot')},`,
        `teacher,,${unique('nevtelen')},`,
        `student,Első,${dup},`,
        `student,Második,${dup},`,
        `student,Rövid Jelszó,${unique('rovid')},abc`,
        `student,Szóköz,két szó,`,
      ].join('\n'),
    )
    const before = await countRows(t)
    const res = await api(t, admin.token)('POST', '/api/users/import/preview', file)
    expect(res.statusCode, res.body).toBe(200)
    const rows = res.json().rows as { line: number; outcome: string; reason?: string; username: string }[]
    expect(rows.map((r) => [r.line, r.outcome])).toEqual([
      [2, 'new'],
      [3, 'exists'],
      [4, 'invalid'],
      [5, 'invalid'],
      [6, 'invalid'],
      [7, 'invalid'],
      [8, 'invalid'],
      [9, 'invalid'],
    ])
    expect(rows[2].reason).toBe("Ismeretlen típus: 'robot'")
    expect(rows[3].reason).toBe('Hiányzó mező')
    expect(rows[4].reason).toBe(USERS_MESSAGES.rowDuplicate)
    expect(rows[6].reason).toMatch(/legalább 8 karakter/)
    expect(rows[7].reason).toBe(USERS_MESSAGES.usernameInvalid)
    expect(await countRows(t)).toEqual(before)

    // The same file is refused whole by the import.
    const run = await api(t, admin.token)('POST', '/api/users/import', file)
    expect(run.json()).toEqual({ code: 400, message: USERS_MESSAGES.importInvalid })
    expect(await countRows(t)).toEqual(before)
  })

  it('imports an .xlsx in one transaction, skipping existing accounts, with one-time passwords', async () => {
    const admin = await t.signedIn('admin')
    const existing = await t.user('student')
    const names = [unique('a.diak'), unique('b.diak'), unique('c.tanar')]
    const sheet = XLSX.utils.aoa_to_sheet([
      ['type', 'name', 'username', 'password'],
      ['student', 'A Diák', names[0], ''],
      ['student', 'B Diák', names[1], 'Adott-jelszo-1'],
      ['teacher', 'C Tanár', names[2], ''],
      ['student', 'Meglévő', existing.username, ''],
    ])
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, sheet, 'Diákok')
    const content = (XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer).toString('base64')
    const res = await api(t, admin.token)('POST', '/api/users/import', { fileName: 'Osztaly.XLSX', content })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json() as { created: { username: string; password: string }[]; skipped: number }
    expect(body.created.map((c) => c.username)).toEqual(names)
    expect(body.skipped).toBe(1)
    expect(body.created[1].password).toBe('Adott-jelszo-1')
    const login0 = await login(t, names[0], body.created[0].password)
    expect(login0.json()).toMatchObject({ passwordChangeRequired: true })
    const [entry] = await auditEntries(t.handle.db, admin.username, 'importUsers')
    expect(entry.extras).toEqual({ userCount: '3' })
  })

  it('answers a replayed import (same Idempotency-Key) with its first answer, creating nothing more', async () => {
    const admin = await t.signedIn('admin')
    const name = unique('ujra.diak')
    const file = csv(`type,name,username\nstudent,Újra Diák,${name}\n`)
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/import',
        headers: { authorization: admin.token, 'idempotency-key': `import-${name}` },
        payload: file,
      })
    const first = await send()
    expect(first.statusCode, first.body).toBe(201)
    const before = await countRows(t)
    const again = await send()
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(await countRows(t)).toEqual(before)
  })

  it('refuses a file that is not .xlsx or .csv, and one whose header lacks a column', async () => {
    const admin = await t.signedIn('admin')
    const call = api(t, admin.token)
    const txt = await call('POST', '/api/users/import/preview', { fileName: 'lista.txt', content: 'YQ==' })
    expect(txt.json()).toEqual({ code: 400, message: USERS_MESSAGES.importBadFile })
    const header = await call('POST', '/api/users/import/preview', csv('name,username\nA,a\n'))
    expect(header.json()).toEqual({ code: 400, message: 'Hiányzó oszlop: type' })
  })

  it('rolls the whole import back when a username is taken between the check and the write', async () => {
    const admin = await t.signedIn('admin')
    const names = [unique('x.diak'), unique('y.diak'), unique('z.diak')]
    const file = csv(['type,name,username', ...names.map((n) => `student,${n},${n}`)].join('\n'))
    const change = await importChange(t.handle.db, file.fileName, file.content, TEST_LOG_N)
    await createUser(
      t.handle.db,
      { username: names[2], name: 'Közben', type: 'student', password: 'kozben-jelszo' },
      { logN: TEST_LOG_N },
    )
    const before = await countRows(t)
    const attempt = t.handle.db.transaction((tx) => change({ tx, now: t.clock.now(), user: admin.user }))
    await expect(attempt).rejects.toThrow(HttpError)
    await expect(attempt).rejects.toMatchObject({ statusCode: 409 })
    expect(await countRows(t)).toEqual(before)
    expect(await userRow(t.handle.db, names[0])).toBeUndefined()
  })

  it('streams the hashing’s progress as NDJSON, then the answer; a health check meanwhile answers', async () => {
    const admin = await t.signedIn('admin')
    const prefix = unique('sok')
    const count = 1200
    const file = csv(
      [
        'type,name,username',
        ...Array.from({ length: count }, (_, i) => `student,Diák ${i},${prefix}.${i}`),
      ].join('\n'),
    )
    const address = t.app.server.listening
      ? t.app.server.address()
      : (await t.app.listen({ port: 0, host: '127.0.0.1' }), t.app.server.address())
    const base = `http://127.0.0.1:${(address as { port: number }).port}`
    const res = await fetch(`${base}/api/users/import`, {
      method: 'POST',
      headers: {
        authorization: admin.token,
        'content-type': 'application/json',
        accept: 'application/x-ndjson',
        'idempotency-key': `stream-${prefix}`,
      },
      body: JSON.stringify(file),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/x-ndjson')
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    const lines: { phase: string; done?: number; total?: number; status?: number; body?: unknown }[] = []
    let buffered = ''
    let health: Promise<Response> | null = null
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffered += value
      const parts = buffered.split('\n')
      buffered = parts.pop()!
      for (const part of parts) lines.push(JSON.parse(part))
      // While the import runs (its first progress line is in): other requests answer.
      health ??= fetch(`${base}/api/health`)
    }
    expect((await health)!.status).toBe(200)
    expect(lines[0]).toEqual({ phase: 'hash', done: 0, total: count })
    const hashLines = lines.filter((line) => line.phase === 'hash')
    expect(hashLines.at(-1)).toEqual({ phase: 'hash', done: count, total: count })
    const dones = hashLines.map((line) => line.done!)
    expect(dones).toEqual([...dones].sort((a, b) => a - b))
    expect(lines.at(-2)).toEqual({ phase: 'write', total: count })
    const result = lines.at(-1) as {
      phase: string
      status: number
      body: { created: { username: string }[] }
    }
    expect(result.phase).toBe('result')
    expect(result.status).toBe(201)
    expect(result.body.created).toHaveLength(count)
    expect(result.body.created[count - 1].username).toBe(`${prefix}.${count - 1}`)
    expect(await userRow(t.handle.db, `${prefix}.${count - 1}`)).toBeDefined()
    // The same key again: the first answer (plain JSON, as every replay), nothing more written.
    const before = await countRows(t)
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/users/import',
      headers: {
        authorization: admin.token,
        'idempotency-key': `stream-${prefix}`,
        accept: 'application/x-ndjson',
      },
      payload: file,
    })
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(result.body)
    expect(await countRows(t)).toEqual(before)
  })

  it('stops hashing and writes nothing when the client goes away (the signal aborts)', async () => {
    const prefix = unique('elment')
    const file = csv(
      [
        'type,name,username',
        ...Array.from({ length: 200 }, (_, i) => `student,Diák ${i},${prefix}.${i}`),
      ].join('\n'),
    )
    const abort = new AbortController()
    let lastDone = 0
    const attempt = importChange(t.handle.db, file.fileName, file.content, TEST_LOG_N, {
      signal: abort.signal,
      onHashed: (done) => {
        lastDone = done
        if (done === 5) abort.abort()
      },
    })
    await expect(attempt).rejects.toMatchObject({ name: 'AbortError' })
    // Only the hashes already running when it went away (two lanes) were finished.
    expect(lastDone).toBeLessThanOrEqual(5 + 2)
    expect(await userRow(t.handle.db, `${prefix}.0`)).toBeUndefined()
  })

  it('stops a streamed import whose client went away: nothing written, and the same key runs it again', async () => {
    const logs: string[] = []
    const app = await buildApp({
      config: t.config,
      db: t.handle,
      mailer: t.mailer,
      now: t.clock.now,
      logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
    })
    try {
      await app.listen({ port: 0, host: '127.0.0.1' })
      const admin = await t.signedIn('admin')
      const prefix = unique('elment')
      const count = 400
      const file = csv(
        [
          'type,name,username',
          ...Array.from({ length: count }, (_, i) => `student,Diák ${i},${prefix}.${i}`),
        ].join('\n'),
      )
      const headers = {
        authorization: admin.token,
        'content-type': 'application/json',
        'idempotency-key': `elment-${prefix}`,
      }
      const leaving = new AbortController()
      const res = await fetch(
        `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/users/import`,
        {
          method: 'POST',
          headers: { ...headers, accept: 'application/x-ndjson' },
          body: JSON.stringify(file),
          signal: leaving.signal,
        },
      )
      const reader = res.body!.getReader()
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('"phase":"hash"')
      leaving.abort()
      await vi.waitFor(() => expect(logs.join('')).toContain('the client went away'), { timeout: 30_000 })
      expect(await userRow(t.handle.db, `${prefix}.0`)).toBeUndefined()
      // No answer was kept with the key: the same key imports the file for real.
      const again = await t.app.inject({ method: 'POST', url: '/api/users/import', headers, payload: file })
      expect(again.statusCode, again.body).toBe(201)
      expect((again.json() as { created: unknown[] }).created).toHaveLength(count)
    } finally {
      // undici keeps the aborted request's socket until the keep-alive timeout (curl's goes at once).
      app.server.closeAllConnections()
      await app.close()
    }
  })

  it('exports the list as .xlsx without passwords', async () => {
    const admin = await t.signedIn('admin')
    const res = await api(t, admin.token)('GET', '/api/users/export.xlsx')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="felhasznalok-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    )
    const book = XLSX.read(res.rawPayload, { type: 'buffer' })
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]])
    expect(rows.find((row) => row['Felhasználónév'] === admin.username)).toMatchObject({
      Típus: 'Adminisztrátor',
    })
    expect(Object.keys(rows[0])).not.toContain('Jelszó')
    expect(res.rawPayload.toString('latin1')).not.toContain(admin.password)
  })
})
