/**
 * What a token changes on public routes and how it is read (issue 18): a one-time-password session gets the public
 * Squid feed as anyone does (a token must not make it worse), the `Bearer` scheme is read in any case (RFC 9110
 * §11.1), and the health check tells nobody the database kind.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { newToken, sha256 } from '../lib/tokens'
import { insertSession } from '../repositories/sessions-repository'
import { createUser } from '../repositories/users-repository'
import { drivers, TEST_LOG_N, useTestApp } from './build'

describe.each(drivers)('public routes and the Authorization scheme on %s', (driver) => {
  const t = useTestApp(driver)

  it('serves the Squid feed, health and status to a one-time-password session as to anyone', async () => {
    const user = await createUser(
      t.handle.db,
      {
        username: `egyszeri_${randomBytes(3).toString('hex')}`,
        name: 'Egyszeri',
        type: 'teacher',
        password: 'egyszeri-jelszo-1',
        oneTime: true,
      },
      { logN: TEST_LOG_N, now: t.clock.now() },
    )
    const token = newToken()
    await insertSession(t.handle.db, {
      tokenHash: sha256(token),
      userId: user.id,
      kind: 'session',
      expiresAt: new Date(t.clock.now().getTime() + 60_000),
      now: t.clock.now(),
    })
    for (const [method, url] of [
      ['GET', '/api/proxy/block.txt'],
      ['HEAD', '/api/proxy/block.txt'],
      ['GET', '/api/health'],
      ['HEAD', '/api/health'],
      ['GET', '/api/status'],
    ] as const) {
      const anonymous = await t.app.inject({ method, url })
      const withToken = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } })
      expect(anonymous.statusCode, `${method} ${url}`).toBe(200)
      expect(withToken.statusCode, `${method} ${url}`).toBe(200)
    }
    // Anything else still asks for the new password first.
    const dashboard = await t.app.inject({ url: '/api/dashboard', headers: { authorization: token } })
    expect(dashboard.statusCode).toBe(403)
  })

  it.each(['bearer', 'BEARER', 'Bearer', 'bEaReR'])('reads the %s scheme', async (scheme) => {
    const { token } = await t.signedIn('teacher')
    const res = await t.app.inject({
      url: '/api/dashboard',
      headers: { authorization: `${scheme} ${token}` },
    })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('does not tell the database kind in the health check', async () => {
    const res = await t.app.inject({ url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', time: expect.any(String) })
    expect(res.body).not.toMatch(/pglite|postgres/i)
  })
})
