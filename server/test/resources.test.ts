/** Dashboard, user settings, students and alerts: what each answers (spec §7, DESIGN §3). */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { FEATURE_DEPENDENCIES, ROLE_DEFAULT_FEATURES, dayInZone } from '@contract/features'
import { MESSAGES } from '@contract/messages'
import { createAlert } from '../repositories/alerts-repository'
import { setUserFeature } from '../repositories/features-repository'
import { setDisabled } from '../repositories/users-repository'
import { drivers, useTestApp } from './build'
import { auditEntries } from './queries'

const DAY = 24 * 3600 * 1000

describe.each(drivers)('resources on %s', (driver) => {
  const t = useTestApp(driver, { env: { SHORT_LINK_BASE: 'https://s.pelda.hu' } })
  const get = (url: string, token: string) => t.app.inject({ url, headers: { authorization: token } })

  describe('GET /dashboard', () => {
    it('answers the user, the role defaults as features, the MFA email and the short-link base', async () => {
      const { token, user } = await t.signedIn('teacher', { name: 'Kiss Anna' })
      const body = (await get('/api/dashboard', token)).json()
      expect(body.user).toEqual({ id: user.id, name: 'Kiss Anna', username: user.username, type: 'teacher' })
      expect(Object.keys(body.features).sort()).toEqual([...ROLE_DEFAULT_FEATURES.teacher].sort())
      expect(body.features.changeStudentPassword).toEqual({
        id: 'changeStudentPassword',
        enabled: true,
        startDate: null,
        endDate: null,
        dependencies: FEATURE_DEPENDENCIES.changeStudentPassword,
      })
      expect(body['2fa']).toEqual({ email: '' })
      expect(body.config).toEqual({ shortLinkBase: 'https://s.pelda.hu/', timeZone: t.config.TZ })
    })

    it('gives students no staff features', async () => {
      const { token } = await t.signedIn('student')
      expect((await get('/api/dashboard', token)).json().features).toEqual({})
    })

    it('applies per-user overrides, and the server enforces them', async () => {
      const teacher = await t.signedIn('teacher')
      const today = dayInZone(t.clock.now(), t.config.TZ)
      await setUserFeature(t.handle.db, teacher.user.id, { featureId: 'getAllStudents', enabled: false })
      const features = (await get('/api/dashboard', teacher.token)).json().features
      expect(features.getAllStudents.enabled).toBe(false)
      expect((await get('/api/students/', teacher.token)).statusCode).toBe(403)

      // A student granted the list for a window that has not started yet still gets 403 until it starts.
      const student = await t.signedIn('student')
      const tomorrow = dayInZone(new Date(t.clock.now().getTime() + DAY), t.config.TZ)
      await setUserFeature(t.handle.db, student.user.id, {
        featureId: 'getAllStudents',
        enabled: true,
        startDate: tomorrow,
      })
      expect((await get('/api/students/', student.token)).statusCode).toBe(403)
      await setUserFeature(t.handle.db, student.user.id, {
        featureId: 'getAllStudents',
        enabled: true,
        startDate: today,
      })
      expect((await get('/api/students/', student.token)).statusCode).toBe(200)
    })

    it('needs the dependencies of a feature too', async () => {
      const teacher = await t.signedIn('teacher')
      await setUserFeature(t.handle.db, teacher.user.id, { featureId: 'getAllStudents', enabled: false })
      const student = await t.user('student')
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/students/password',
        headers: { authorization: teacher.token },
        payload: { username: student.username, password: 'hosszu-jelszo' },
      })
      expect(res.statusCode).toBe(403)
    })
  })

  describe('user settings', () => {
    it('stores only default-domain keys, merges and returns them', async () => {
      const { token } = await t.signedIn('teacher')
      expect((await get('/api/dashboard/userSettings', token)).json()).toEqual({ userSettings: {} })
      const quickActions = [
        { id: 'a', name: 'Moodle', url: 'https://moodle.pelda.hu', icon: 'external-link' },
      ]
      const save = (userSettings: object) =>
        t.app.inject({
          method: 'POST',
          url: '/api/dashboard/userSettings',
          headers: { authorization: token },
          payload: { userSettings },
        })
      expect((await save({ quickActions })).json()).toEqual({
        code: 200,
        message: MESSAGES.settingsSaved,
        userSettings: { quickActions },
      })
      const merged = (await save({ 'lookAndFeel:theme': 'dark' })).json().userSettings
      expect(merged).toEqual({ quickActions, 'lookAndFeel:theme': 'dark' })
      expect((await get('/api/dashboard/userSettings', token)).json()).toEqual({ userSettings: merged })
    })
  })

  describe('students', () => {
    it('lists active students sorted by name in Hungarian order, without staff', async () => {
      const { token } = await t.signedIn('teacher')
      const names = ['Zoltán Ádám', 'Ábel Éva', 'Csizmár Péter', 'Cukor Béla', 'Öreg Ödön', 'Olajos Ottó']
      for (const name of names) await t.user('student', { name })
      const gone = await t.user('student', { name: 'Aaa Kilépett' })
      await setDisabled(t.handle.db, gone.username)
      const students = (await get('/api/students/', token)).json().students as { name: string; id: string }[]
      const ours = students.map((s) => s.name).filter((n) => names.includes(n))
      expect(ours).toEqual([
        'Ábel Éva',
        'Cukor Béla',
        'Csizmár Péter',
        'Olajos Ottó',
        'Öreg Ödön',
        'Zoltán Ádám',
      ])
      expect(students.some((s) => s.name === 'Aaa Kilépett')).toBe(false)
      expect(students.every((s) => Object.keys(s).sort().join() === 'id,name,username')).toBe(true)
    })

    it('answers a change at once, also one made by another process or directly in the database', async () => {
      const { token } = await t.signedIn('teacher')
      const first = await get('/api/students/', token)
      const before = first.json().students.length
      await t.user('student', { name: 'Új Diák' })
      const afterAdd = await get('/api/students/', token)
      expect(afterAdd.json().students.length).toBe(before + 1)
      expect(afterAdd.headers.etag).not.toBe(first.headers.etag)
      // Another server process on the same database keeps its own copy: it must see the rename too.
      const other = await t.secondApp()
      expect(
        (await other.inject({ url: '/api/students/', headers: { authorization: token } })).json().students,
      ).toHaveLength(before + 1)
      await t.handle.db.execute(sql`update users set name = 'Átnevezett Diák' where name = 'Új Diák'`)
      for (const app of [t.app, other]) {
        const names = (await app.inject({ url: '/api/students/', headers: { authorization: token } })).json()
          .students
        expect(names.map((s: { name: string }) => s.name)).toContain('Átnevezett Diák')
      }
      // An unchanged list keeps its ETag, so the client gets a 304.
      const again = await get('/api/students/', token)
      const etag = again.headers.etag as string
      const cached = await t.app.inject({
        url: '/api/students/',
        headers: { authorization: token, 'if-none-match': etag },
      })
      expect(cached.statusCode).toBe(304)
    })

    it('resets a student password with an audit entry naming the student', async () => {
      const teacher = await t.signedIn('teacher')
      const student = await t.user('student')
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/students/password',
        headers: { authorization: teacher.token },
        payload: { username: student.username, password: 'uj-jelszo-123' },
      })
      expect(res.json()).toEqual({ code: 200, message: MESSAGES.passwordChanged })
      const [entry] = await auditEntries(t.handle.db, teacher.username, 'changeUserPassword')
      expect(entry.extras).toEqual({ studentUsername: student.username })
      expect(Math.abs(entry.ts - Date.now() / 1000)).toBeLessThan(60)
    })

    it('refuses a short password (400), a staff account and an unknown user (404), without audit', async () => {
      const teacher = await t.signedIn('teacher')
      const student = await t.user('student')
      const otherTeacher = await t.user('teacher')
      const reset = (username: string, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/students/password',
          headers: { authorization: teacher.token },
          payload: { username, password },
        })
      const short = await reset(student.username, 'rovid')
      expect(short.statusCode).toBe(400)
      expect(short.json()).toEqual({ code: 400, message: MESSAGES.passwordTooShort })
      for (const username of [otherTeacher.username, 'nincs-ilyen-diak']) {
        const res = await reset(username, 'hosszu-jelszo')
        expect(res.statusCode).toBe(404)
        expect(res.json()).toEqual({ code: 404, message: MESSAGES.studentNotFound })
      }
      expect(await auditEntries(t.handle.db, teacher.username)).toHaveLength(0)
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: otherTeacher.username, password: otherTeacher.password },
        remoteAddress: '10.9.9.9',
      })
      expect(login.statusCode).toBe(200)
    })
  })

  describe('alerts', () => {
    it('lists alerts with id and _id for everyone signed in', async () => {
      const alert = await createAlert(t.handle.db, 'Pénteken tanítási szünet.')
      const { token } = await t.signedIn('student')
      const body = (await get('/api/alerts', token)).json()
      expect(body.code).toBe(200)
      expect(body.alerts).toContainEqual({
        id: alert.id,
        _id: alert.id,
        message: 'Pénteken tanítási szünet.',
      })
    })

    it('lets an administrator create and delete an alert, each audited', async () => {
      const admin = await t.signedIn('admin')
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/alerts',
        headers: { authorization: admin.token },
        payload: { message: 'Új órarend' },
      })
      expect(created.statusCode).toBe(201)
      const alert = (created.json().alerts as { id: string; message: string }[]).find(
        (a) => a.message === 'Új órarend',
      )!
      expect(await auditEntries(t.handle.db, admin.username, 'createAdminAlert')).toHaveLength(1)
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/alerts/${alert.id}`,
        headers: { authorization: admin.token },
      })
      expect(del.statusCode).toBe(200)
      expect(await auditEntries(t.handle.db, admin.username, 'deleteAdminAlert')).toHaveLength(1)
      const after = (await get('/api/alerts', admin.token)).json().alerts as { id: string }[]
      expect(after.some((a) => a.id === alert.id)).toBe(false)
    })

    it('answers 404 with the Hungarian message, not a database error, to an id that is not a UUID', async () => {
      const admin = await t.signedIn('admin')
      const existing = await createAlert(t.handle.db, 'Marad.')
      for (const id of [
        '-'.repeat(36),
        'a'.repeat(36),
        'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
        'nem-uuid',
        '12345',
      ]) {
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/alerts/${id}`,
          headers: { authorization: admin.token },
        })
        expect(res.statusCode, id).toBe(404)
        expect(res.json()).toEqual({ code: 404, message: MESSAGES.notFound })
      }
      const after = (await get('/api/alerts', admin.token)).json().alerts as { id: string }[]
      expect(after.some((a) => a.id === existing.id)).toBe(true)
    })
  })
})
