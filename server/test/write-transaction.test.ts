/**
 * runWrite (plugins/app/write.ts): the Idempotency-Key's claim, the change, its audit entry and the stored answer
 * commit together or not at all (DESIGN §3; issue 7 "A server defect the outbox depends on").
 */
import { randomUUID } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlertsResponse, withErrors } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { buildApp } from '../app'
import type { Db } from '../db'
import { alerts, idempotencyKeys } from '../db/schema'
import { newToken, sha256 } from '../lib/tokens'
import { runWrite } from '../plugins/app/write'
import { insertSession } from '../repositories/sessions-repository'
import { createUser } from '../repositories/users-repository'
import { createAlert } from '../services/alerts-service'
import { drivers, freshDatabase, testConfig, useTestApp } from './build'
import { auditEntries, idempotencyRows } from './queries'

async function alertMessages(t: { handle: { db: Db } }): Promise<string[]> {
  return (await t.handle.db.select().from(alerts)).map((a) => a.message)
}

describe.each(drivers)('runWrite on %s', (driver) => {
  const t = useTestApp(driver)

  const postAlert = (token: string, message: string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { message },
    })

  it('runs a write again whose key a crashed server left claimed without an answer (no 409)', async () => {
    const admin = await t.signedIn('admin')
    // What a server killed in the middle of a write used to leave behind: the key claimed, status 0, no answer.
    await t.handle.db.insert(idempotencyKeys).values({
      userId: admin.user.id,
      key: 'felbeszakadt',
      method: 'POST',
      path: '/api/alerts',
      status: 0,
      createdAt: t.clock.now(),
    })
    const res = await postAlert(admin.token, 'Újrapróbált értesítés', 'felbeszakadt')
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().message).not.toBe(MESSAGES.idempotencyConflict)
    expect((await alertMessages(t)).filter((m) => m === 'Újrapróbált értesítés')).toHaveLength(1)
    const [row] = (await idempotencyRows(t.handle.db, admin.user.id)).filter((r) => r.key === 'felbeszakadt')
    expect(row.status).toBe(201)
    expect(row.body).toBe(res.body)
  })

  it('applies two concurrent requests with the same key once, and both get the same answer', async () => {
    const admin = await t.signedIn('admin')
    const [a, b] = await Promise.all([
      postAlert(admin.token, 'Egyszerre kétszer', 'egyszerre'),
      postAlert(admin.token, 'Egyszerre kétszer', 'egyszerre'),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([201, 201])
    expect(a.body).toBe(b.body)
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual([
      'true',
    ])
    expect((await alertMessages(t)).filter((m) => m === 'Egyszerre kétszer')).toHaveLength(1)
    expect(await auditEntries(t.handle.db, admin.username, 'createAdminAlert')).toHaveLength(1)
  })

  it('keeps a refused write’s answer with its key and applies nothing', async () => {
    const teacher = await t.signedIn('teacher')
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/students/password',
        headers: { authorization: teacher.token, 'idempotency-key': 'nincs-ilyen-diak' },
        payload: { username: 'nincs.ilyen.diak', password: 'uj-jelszo-123' },
      })
    const first = await send()
    expect(first.statusCode).toBe(404)
    expect(first.json()).toEqual({ code: 404, message: MESSAGES.studentNotFound })
    const again = await send()
    expect(again.statusCode).toBe(404)
    expect(again.body).toBe(first.body)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await auditEntries(t.handle.db, teacher.username)).toHaveLength(0)
  })

  it('writes the audit entry in the same transaction as the change', async () => {
    const admin = await t.signedIn('admin')
    const res = await postAlert(admin.token, 'Auditált értesítés')
    expect(res.statusCode).toBe(201)
    const entries = await auditEntries(t.handle.db, admin.username, 'createAdminAlert')
    expect(entries).toHaveLength(1)
  })
})

describe.each(drivers)('runWrite failing in the middle on %s', (driver) => {
  let app: FastifyInstance
  let drop: () => Promise<void>
  let db: Db
  let failAfterChange = true

  beforeAll(async () => {
    const fresh = await freshDatabase(driver)
    db = fresh.handle.db
    drop = fresh.drop
    app = await buildApp({
      config: testConfig(),
      db: fresh.handle,
      housekeepingMs: 0,
      // A write that creates an alert with its audit entry, then fails as a crash would, before committing.
      apiRoutes: async (api) => {
        api.post(
          '/test/alert-then-fail',
          {
            onRequest: api.requireSession,
            schema: {
              body: Type.Object({ message: Type.String() }),
              response: withErrors({ 201: AlertsResponse }, 500),
            },
          },
          async (request, reply) => {
            const change = createAlert((request.body as { message: string }).message)
            return runWrite(request, reply, async (w) => {
              const result = await change(w)
              if (failAfterChange) throw new Error('a szerver itt leállt')
              return result
            })
          },
        )
      },
    })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await drop?.()
  })

  it('rolls back the change, its audit entry and the key when the write fails, and the retry applies it once', async () => {
    const admin = await createUser(
      db,
      { username: `admin_${randomUUID().slice(0, 6)}`, name: 'Admin', type: 'admin', password: 'jelszo-123' },
      { logN: 10, now: new Date() },
    )
    const token = newToken()
    await insertSession(db, {
      tokenHash: sha256(token),
      userId: admin.id,
      kind: 'session',
      expiresAt: new Date(Date.now() + 3600_000),
      now: new Date(),
    })
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/test/alert-then-fail',
        headers: { authorization: token, 'idempotency-key': 'osszeomlas' },
        payload: { message: 'Félbeszakadt írás' },
      })

    expect((await send()).statusCode).toBe(500)
    expect((await db.select().from(alerts)).map((a) => a.message)).not.toContain('Félbeszakadt írás')
    expect(await auditEntries(db, admin.username)).toHaveLength(0)
    expect(await idempotencyRows(db, admin.id)).toHaveLength(0)

    failAfterChange = false
    const retried = await send()
    expect(retried.statusCode).toBe(201)
    expect(retried.headers['idempotent-replayed']).toBeUndefined()
    const replayed = await send()
    expect(replayed.headers['idempotent-replayed']).toBe('true')
    expect(replayed.body).toBe(retried.body)
    expect((await db.select().from(alerts)).filter((a) => a.message === 'Félbeszakadt írás')).toHaveLength(1)
    expect(await auditEntries(db, admin.username, 'createAdminAlert')).toHaveLength(1)
  })
})
