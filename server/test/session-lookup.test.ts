/**
 * The session look-up every signed-in request makes (issue 21, repositories/sessions-repository.ts): the session,
 * its user and the user's feature overrides in one prepared statement, read afresh on every request — no cache, so a removed feature, a disabled account or an ended session is refused on the very next
 * request in every process (a second app instance on the same database stands for a second process).
 */
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { sha256 } from '../lib/tokens'
import { listUserFeatures, setUserFeature } from '../repositories/features-repository'
import { deleteSession, findSessionWithUser } from '../repositories/sessions-repository'
import { setDisabled } from '../repositories/users-repository'
import { drivers, useTestApp, type TestApp } from './build'

describe.each(drivers)('session look-up on %s', (driver) => {
  const t: TestApp = useTestApp(driver)
  afterEach(() => vi.restoreAllMocks())

  const students = (token: string, app: FastifyInstance = t.app) =>
    app.inject({ url: '/api/students/', headers: { authorization: token } })
  const byFeature = (a: { featureId: string }, b: { featureId: string }) =>
    a.featureId.localeCompare(b.featureId)

  it("brings the session, its user and the user's overrides as stored in one statement", async () => {
    const teacher = await t.signedIn('teacher')
    await setUserFeature(t.handle.db, teacher.user.id, {
      featureId: 'groupNotes',
      enabled: true,
      dependencies: ['getGroupsforInstructor'],
      variant: 'ui1',
    })
    await setUserFeature(t.handle.db, teacher.user.id, {
      featureId: 'viewAuditLog',
      enabled: true,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    })
    await setUserFeature(t.handle.db, teacher.user.id, { featureId: 'getAllStudents', enabled: false })

    const session = await findSessionWithUser(t.handle.db, sha256(teacher.token))
    expect(session).toMatchObject({ kind: 'session', user: { id: teacher.user.id, disabled: false } })
    expect(session!.expiresAt).toBeInstanceOf(Date)
    expect([...session!.features].sort(byFeature)).toEqual(
      (await listUserFeatures(t.handle.db, teacher.user.id)).sort(byFeature),
    )
    // A user without overrides: an empty list, not null.
    const other = await t.signedIn('student')
    expect((await findSessionWithUser(t.handle.db, sha256(other.token)))!.features).toEqual([])
    expect(await findSessionWithUser(t.handle.db, sha256('no-such-token'))).toBeNull()
  })

  it('answers the dashboard with one statement and an unchanged kept list with two (session, counter)', async () => {
    const teacher = await t.signedIn('teacher')
    expect((await students(teacher.token)).statusCode).toBe(200)
    // Drizzle's driver client (the PGlite instance or the pg Pool): every statement goes through its query().
    const { $client: client } = t.handle.db as unknown as {
      $client: { query: (...args: unknown[]) => unknown }
    }
    const query = vi.spyOn(client, 'query')
    const dashboard = await t.app.inject({ url: '/api/dashboard', headers: { authorization: teacher.token } })
    expect(dashboard.statusCode).toBe(200)
    expect(dashboard.json().features.getAllStudents).toMatchObject({ enabled: true })
    expect(query).toHaveBeenCalledTimes(1)
    expect((await students(teacher.token)).statusCode).toBe(200)
    expect(query).toHaveBeenCalledTimes(3)
  })

  it('refuses a removed feature on the very next request, in this process and another', async () => {
    const other = await t.secondApp()
    const admin = await t.signedIn('admin')
    const teacher = await t.signedIn('teacher')
    expect((await students(teacher.token)).statusCode).toBe(200)
    expect((await students(teacher.token, other)).statusCode).toBe(200)

    const setFeatures = (enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${teacher.user.id}/features`,
        headers: { authorization: admin.token },
        payload: { overrides: [{ id: 'getAllStudents', enabled, startDate: null, endDate: null }] },
      })
    expect((await setFeatures(false)).statusCode).toBe(200)
    expect((await students(teacher.token)).statusCode).toBe(403)
    expect((await students(teacher.token, other)).statusCode).toBe(403)

    // Given back in the other process (straight in the database): the next request here has it again.
    await setUserFeature(t.handle.db, teacher.user.id, { featureId: 'getAllStudents', enabled: true })
    expect((await students(teacher.token)).statusCode).toBe(200)
    expect((await students(teacher.token, other)).statusCode).toBe(200)
  })

  it('refuses a disabled account and an ended session on the very next request, in either process', async () => {
    const other = await t.secondApp()
    const teacher = await t.signedIn('teacher')
    const second = await t.signedIn('teacher')
    for (const app of [t.app, other]) {
      expect((await students(teacher.token, app)).statusCode).toBe(200)
      expect((await students(second.token, app)).statusCode).toBe(200)
    }
    await setDisabled(t.handle.db, teacher.username)
    await deleteSession(t.handle.db, sha256(second.token))
    for (const app of [t.app, other]) {
      expect((await students(teacher.token, app)).statusCode).toBe(401)
      expect((await students(second.token, app)).statusCode).toBe(401)
    }
  })

  it("serves the students list current on the next request after another process's rename", async () => {
    const other = await t.secondApp()
    const teacher = await t.signedIn('teacher')
    const pupil = await t.user('student')
    const names = async (app: FastifyInstance) =>
      ((await students(teacher.token, app)).json().students as { username: string; name: string }[]).find(
        (s) => s.username === pupil.username,
      )?.name
    expect(await names(t.app)).toBe(`Teszt ${pupil.username}`)
    expect(await names(other)).toBe(`Teszt ${pupil.username}`)
    await t.handle.db.execute(sql`update users set name = 'Átnevezett Diák' where id = ${pupil.user.id}`)
    expect(await names(t.app)).toBe('Átnevezett Diák')
    expect(await names(other)).toBe('Átnevezett Diák')
  })
})
