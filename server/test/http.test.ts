/** Cross-cutting HTTP behaviour: body validation, size and type limits, idempotency, ETag, CORS, CSP. */
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@contract/messages'
import { LIMITS } from '@contract/limits'
import { drivers, useTestApp } from './build'
import { auditEntries, idempotencyRows, authCounterRows, settingsRows, userRow } from './queries'
import { cleanUp } from '../services/housekeeping'

describe.each(drivers)('HTTP behaviour on %s', (driver) => {
  const t = useTestApp(driver)

  describe('bad bodies change nothing', () => {
    const badSettings: [string, unknown][] = [
      ['missing field', {}],
      ['wrong type', { userSettings: { 'lookAndFeel:theme': 42 } }],
      ['unknown field', { userSettings: { 'lookAndFeel:theme': 'dark' }, extra: true }],
      ['unknown setting key', { userSettings: { backendUrl: 'https://x.pelda.hu' } }],
      ['string instead of object', { userSettings: 'dark' }],
    ]
    it.each(badSettings)('POST /dashboard/userSettings with %s → 400', async (_name, payload) => {
      const { token, user } = await t.signedIn('teacher')
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dashboard/userSettings',
        headers: { authorization: token },
        payload: payload as object,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ code: 400, message: MESSAGES.badRequest })
      expect(await settingsRows(t.handle.db, user.id)).toHaveLength(0)
    })

    const badPasswords: [string, unknown][] = [
      ['missing password', { username: 'x' }],
      ['number password', { username: 'x', password: 12345678 }],
      ['unknown field', { username: 'x', password: 'hosszu-jelszo', admin: true }],
    ]
    it.each(badPasswords)(
      'POST /students/password with %s → 400, no change, no audit',
      async (_name, payload) => {
        const teacher = await t.signedIn('teacher')
        const student = await t.user('student')
        const body = {
          ...(payload as object),
          ...('username' in (payload as object) ? { username: student.username } : {}),
        }
        const before = await userRow(t.handle.db, student.username)
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/students/password',
          headers: { authorization: teacher.token },
          payload: body,
        })
        expect(res.statusCode).toBe(400)
        expect((await userRow(t.handle.db, student.username)).passwordHash).toBe(before.passwordHash)
        expect(await auditEntries(t.handle.db, teacher.username)).toHaveLength(0)
      },
    )

    it('answers 413 for an oversize body and changes nothing', async () => {
      const { token, user } = await t.signedIn('teacher')
      const huge = 'x'.repeat(LIMITS.bodyLimitBytes + 10)
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dashboard/userSettings',
        headers: { authorization: token, 'content-type': 'application/json' },
        payload: JSON.stringify({
          userSettings: { quickActions: [{ id: huge, name: 'a', url: 'b', icon: 'c' }] },
        }),
      })
      expect(res.statusCode).toBe(413)
      expect(res.json()).toEqual({ code: 413, message: MESSAGES.bodyTooLarge })
      expect(await settingsRows(t.handle.db, user.id)).toHaveLength(0)
    })

    it('answers 415 for a text/plain write and changes nothing', async () => {
      const { token, user } = await t.signedIn('teacher')
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dashboard/userSettings',
        headers: { authorization: token, 'content-type': 'text/plain' },
        payload: JSON.stringify({ userSettings: { 'lookAndFeel:theme': 'dark' } }),
      })
      expect(res.statusCode).toBe(415)
      expect(res.json()).toEqual({ code: 415, message: MESSAGES.unsupportedMediaType })
      expect(await settingsRows(t.handle.db, user.id)).toHaveLength(0)
    })

    it('answers 400 for malformed JSON and for a __proto__ key', async () => {
      const { token } = await t.signedIn('teacher')
      for (const payload of ['{"userSettings":', '{"userSettings":{},"__proto__":{"admin":true}}']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/dashboard/userSettings',
          headers: { authorization: token, 'content-type': 'application/json' },
          payload,
        })
        expect(res.statusCode).toBe(400)
        expect(res.json().code).toBe(400)
      }
    })
  })

  describe('Idempotency-Key', () => {
    it('replays the first answer of a password reset and applies it once', async () => {
      const teacher = await t.signedIn('teacher')
      const student = await t.user('student')
      const send = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/students/password',
          headers: { authorization: teacher.token, 'idempotency-key': 'reset-1' },
          payload: { username: student.username, password },
        })
      const first = await send('elso-jelszo-1')
      const hashAfterFirst = (await userRow(t.handle.db, student.username)).passwordHash
      const again = await send('elso-jelszo-1')
      expect(again.statusCode).toBe(first.statusCode)
      expect(again.body).toBe(first.body)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect((await userRow(t.handle.db, student.username)).passwordHash).toBe(hashAfterFirst)
      expect(await auditEntries(t.handle.db, teacher.username, 'changeUserPassword')).toHaveLength(1)
    })

    it('keeps keys per user and lets a different key through', async () => {
      const a = await t.signedIn('teacher')
      const b = await t.signedIn('teacher')
      const save = (token: string, key: string, theme: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/dashboard/userSettings',
          headers: { authorization: token, 'idempotency-key': key },
          payload: { userSettings: { 'lookAndFeel:theme': theme } },
        })
      expect((await save(a.token, 'k', 'dark')).json().userSettings['lookAndFeel:theme']).toBe('dark')
      expect((await save(a.token, 'k', 'light')).json().userSettings['lookAndFeel:theme']).toBe('dark')
      expect((await save(b.token, 'k', 'light')).json().userSettings['lookAndFeel:theme']).toBe('light')
      expect((await save(a.token, 'k2', 'light')).json().userSettings['lookAndFeel:theme']).toBe('light')
      expect(await idempotencyRows(t.handle.db, a.user.id)).toHaveLength(2)
    })

    it('runs the write again after 24 hours', async () => {
      const a = await t.signedIn('teacher')
      const save = (theme: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/dashboard/userSettings',
          headers: { authorization: a.token, 'idempotency-key': 'regi' },
          payload: { userSettings: { 'lookAndFeel:theme': theme } },
        })
      await save('dark')
      t.clock.advance(24 * 3600 * 1000 + 1000)
      expect((await save('light')).json().userSettings['lookAndFeel:theme']).toBe('light')
    })

    it('refuses the same key on another path with 422', async () => {
      const a = await t.signedIn('teacher')
      await t.app.inject({
        method: 'POST',
        url: '/api/dashboard/userSettings',
        headers: { authorization: a.token, 'idempotency-key': 'masik' },
        payload: { userSettings: {} },
      })
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/setmfa',
        headers: { authorization: a.token, 'idempotency-key': 'masik' },
        payload: { email: '', password: a.password },
      })
      expect(res.statusCode).toBe(422)
    })
  })

  describe('GET caching', () => {
    it('sends an ETag with no-store and answers 304 to a matching If-None-Match', async () => {
      const { token } = await t.signedIn('teacher')
      const first = await t.app.inject({ url: '/api/dashboard', headers: { authorization: token } })
      expect(first.headers['cache-control']).toBe('no-store')
      const etag = first.headers.etag as string
      expect(etag).toMatch(/^"[\w-]+"$/)
      const second = await t.app.inject({
        url: '/api/dashboard',
        headers: { authorization: token, 'if-none-match': etag },
      })
      expect(second.statusCode).toBe(304)
      expect(second.body).toBe('')
      const other = await t.app.inject({
        url: '/api/dashboard',
        headers: { authorization: token, 'if-none-match': '"mas"' },
      })
      expect(other.statusCode).toBe(200)
    })

    it('marks write answers and errors no-store too', async () => {
      const res = await t.app.inject({ url: '/api/dashboard' })
      expect(res.headers['cache-control']).toBe('no-store')
      // An unknown API path too: its 404 is answered outside the API's context, where http-cache does not run.
      const unknown = await t.app.inject({ url: '/api/nincs-ilyen' })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.headers['cache-control']).toBe('no-store')
    })
  })

  describe('headers', () => {
    it('answers a CORS preflight from an allowed origin with the agreed headers', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/dashboard/userSettings',
        headers: {
          origin: 'https://app.pelda.hu',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      })
      expect(res.statusCode).toBe(204)
      expect(res.headers['access-control-allow-origin']).toBe('https://app.pelda.hu')
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase()
      for (const h of ['authorization', 'content-type', 'idempotency-key', 'if-match'])
        expect(allowed).toContain(h)
    })

    it('exposes ETag and Date to an allowed origin and nothing to another', async () => {
      const ok = await t.app.inject({ url: '/api/health', headers: { origin: 'https://app.pelda.hu' } })
      expect(ok.headers['access-control-allow-origin']).toBe('https://app.pelda.hu')
      const exposed = String(ok.headers['access-control-expose-headers']).toLowerCase()
      expect(exposed).toContain('etag')
      expect(exposed).toContain('date')
      const evil = await t.app.inject({ url: '/api/health', headers: { origin: 'https://gonosz.pelda.hu' } })
      expect(evil.headers['access-control-allow-origin']).toBeUndefined()
    })

    it('sends a strict Content-Security-Policy', async () => {
      const res = await t.app.inject({ url: '/api/health' })
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self';")
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
    })

    it("sends helmet's whole set on every answer, the same headers each time, errors and the app's pages too", async () => {
      const expected = {
        'strict-transport-security': 'max-age=15552000',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      }
      const answers = [
        await t.app.inject({ url: '/api/health' }),
        await t.app.inject({ url: '/api/health' }),
        await t.app.inject({ url: '/api/dashboard' }),
        await t.app.inject({ url: '/api/nincs-ilyen' }),
      ]
      for (const res of answers) {
        expect(res.headers).toMatchObject(expected)
        expect(res.headers['content-security-policy']).toBe(answers[0].headers['content-security-policy'])
      }
    })

    it('hides internals of a 5xx', async () => {
      const app = await t.secondApp()
      // A broken database for this one request: the answer must not leak the driver's error.
      const original = app.db.select.bind(app.db)
      const { token } = await t.signedIn('teacher')
      ;(app.db as unknown as { select: unknown }).select = () => {
        throw new Error('titkos belső részlet')
      }
      try {
        const res = await app.inject({ url: '/api/students/', headers: { authorization: token } })
        expect(res.statusCode).toBe(500)
        expect(res.json()).toEqual({ code: 500, message: MESSAGES.internal })
        expect(res.body).not.toContain('titkos')
      } finally {
        ;(app.db as unknown as { select: unknown }).select = original
      }
    })
  })

  describe('API rate limit', () => {
    const limited = useTestApp(driver, { rateLimitMax: 3 })
    it('answers 429 with a Hungarian message and Retry-After past the per-token limit', async () => {
      const { token } = await limited.signedIn('teacher')
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await limited.app.inject({ url: '/api/alerts', headers: { authorization: token } })).statusCode,
        )
      }
      expect(statuses).toEqual([200, 200, 200, 429])
      const res = await limited.app.inject({ url: '/api/alerts', headers: { authorization: token } })
      expect(res.json()).toEqual({ code: 429, message: MESSAGES.rateLimited })
      expect(res.headers['retry-after']).toBeDefined()
      // Short links are counted per address (the app's own files are not: hardening.test.ts).
      const anonymous: number[] = []
      for (let i = 0; i < 4; i++)
        anonymous.push((await limited.app.inject({ url: '/s/nincs-ilyen' })).statusCode)
      expect(anonymous.at(-1)).toBe(429)
      // Another token is counted on its own.
      const other = await limited.signedIn('teacher')
      expect(
        (await limited.app.inject({ url: '/api/alerts', headers: { authorization: other.token } }))
          .statusCode,
      ).toBe(200)
    })
  })

  it('housekeeping removes expired sessions and ended guess counters', async () => {
    const { token } = await t.signedIn('teacher')
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'senki', password: 'rossz-jelszo' },
    })
    await cleanUp(t.handle.db, new Date(t.clock.now().getTime() + 16 * 24 * 3600 * 1000))
    expect(await authCounterRows(t.handle.db)).toHaveLength(0)
    expect(
      (await t.app.inject({ url: '/api/dashboard', headers: { authorization: token } })).statusCode,
    ).toBe(401)
  })
})
