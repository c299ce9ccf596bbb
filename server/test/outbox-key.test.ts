/**
 * GET /auth/outbox-key (issue 17): a signed-in user's key for parking unsent writes — the same for every session of
 * the account and every process sharing DATA_DIR, different for every other account, never for a caller without a
 * session.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OUTBOX_SECRET_FILE, outboxKey } from '../services/outbox-key'
import { newToken, sha256 } from '../lib/tokens'
import { insertSession } from '../repositories/sessions-repository'
import { SESSION_TTL_MS } from '../services/auth-service'
import { drivers, useTestApp } from './build'

describe.each(drivers)('outbox key on %s', (driver) => {
  const t = useTestApp(driver)

  async function keyOf(token: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/outbox-key',
      headers: { authorization: token },
    })
    expect(res.statusCode).toBe(200)
    return res.json<{ username: string; key: string }>()
  }

  it('is the same for every session of one account, and another account’s differs', async () => {
    const teacher = await t.signedIn('teacher')
    const first = await keyOf(teacher.token)
    expect(first.username).toBe(teacher.username)
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const secondToken = newToken()
    const now = t.clock.now()
    await insertSession(t.handle.db, {
      tokenHash: sha256(secondToken),
      userId: teacher.user.id,
      kind: 'session',
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      now,
    })
    expect(await keyOf(secondToken)).toEqual(first)

    const other = await t.signedIn('teacher')
    expect((await keyOf(other.token)).key).not.toBe(first.key)
  })

  it('is refused without a session, and never cached by a browser', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/outbox-key' })
    expect(anonymous.statusCode).toBe(401)
    const { token } = await t.signedIn('student')
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/outbox-key',
      headers: { authorization: token },
    })
    expect(res.headers['cache-control']).toContain('no-store')
  })

  it('keeps one secret in DATA_DIR, readable by the owner only, the same for a second process', async () => {
    const teacher = await t.signedIn('teacher')
    const before = await keyOf(teacher.token)
    const file = join(t.config.DATA_DIR, OUTBOX_SECRET_FILE)
    expect(statSync(file).mode & 0o077).toBe(0)
    const second = await t.secondApp()
    const res = await second.inject({
      method: 'GET',
      url: '/api/auth/outbox-key',
      headers: { authorization: teacher.token },
    })
    expect(res.json<{ key: string }>().key).toBe(before.key)
  })
})

describe('outboxKey', () => {
  it('creates the secret file once and derives every user’s key from it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-outbox-key-'))
    try {
      const key = outboxKey(dir, 'f1b1c3f4-0000-4000-8000-000000000001')
      const secret = readFileSync(join(dir, OUTBOX_SECRET_FILE), 'utf8')
      expect(secret.trim()).toMatch(/^[0-9a-f]{64}$/)
      expect(outboxKey(dir, 'f1b1c3f4-0000-4000-8000-000000000001')).toBe(key)
      expect(outboxKey(dir, 'f1b1c3f4-0000-4000-8000-000000000002')).not.toBe(key)
      expect(existsSync(dir)).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
