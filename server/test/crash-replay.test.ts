/**
 * Issue 7, "A server defect the outbox depends on": the real server is killed (kill -9) while writes with
 * Idempotency-Keys are running, started again on the same database, and every write is retried with its key, as the
 * offline outbox does. Every write is applied exactly once (read back over the API), no retry is refused with
 * 'Ez a kérés már folyamatban van.', and the answers that had arrived before the kill are replayed unchanged.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@contract/messages'
import { openDatabase } from '../db'
import { newToken, sha256 } from '../lib/tokens'
import { insertSession } from '../repositories/sessions-repository'
import { createUser } from '../repositories/users-repository'
import { drivers, pgliteTemplate } from './build'
import { freePort, serverDatabase, startServer, type ServerDatabase } from './server-process'

interface Write {
  key: string
  url: string
  body: unknown
}

const ALERTS = 24
const DAYS = 16
const WRITES: Write[] = [
  ...Array.from({ length: ALERTS }, (_, i) => ({
    key: `alert-${i}`,
    url: '/api/alerts',
    body: { message: `Összeomlás utáni értesítés ${i}` },
  })),
  ...Array.from({ length: DAYS }, (_, i) => ({
    key: `hours-${i}`,
    url: '/api/work/hours',
    body: { date: `2026-10-${String(i + 1).padStart(2, '0')}`, hours: 1 + (i % 8) * 0.5 },
  })),
]
// Alerts and hours interleaved, so the kill lands among both kinds.
const ORDER = WRITES.map((_, i) => i).sort((a, b) => (a % ALERTS) - (b % ALERTS) || a - b)

/** A signed-in administrator, written straight into the database before the server starts. */
async function seedAdmin(database: ServerDatabase): Promise<string> {
  if (!database.env.DATABASE_URL) {
    // Start the data directory from the migrated template cluster instead of an initdb (much faster).
    const pglite = new PGlite(join(database.env.DATA_DIR, 'db'), { loadDataDir: await pgliteTemplate() })
    await pglite.waitReady
    await pglite.close()
  }
  const handle = await openDatabase({
    DATA_DIR: database.env.DATA_DIR,
    DATABASE_URL: database.env.DATABASE_URL ?? null,
  })
  try {
    await handle.migrate()
    const now = new Date()
    const user = await createUser(
      handle.db,
      { username: 'igazgato', name: 'Igazgató Ildikó', type: 'admin', password: 'Jelszo-123456' },
      { logN: 10, now },
    )
    const token = newToken()
    await insertSession(handle.db, {
      tokenHash: sha256(token),
      userId: user.id,
      kind: 'session',
      expiresAt: new Date(now.getTime() + 3600_000),
      now,
    })
    return token
  } finally {
    await handle.close()
  }
}

describe.each(drivers)('kill -9 in the middle of writes on %s', (driver) => {
  it('applies every retried write exactly once after a restart', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'))
    const database = await serverDatabase(driver, dataDir)
    try {
      const token = await seedAdmin(database)
      const port = await freePort()
      const send = (base: string, write: Write) =>
        fetch(`${base}${write.url}`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json', 'idempotency-key': write.key },
          body: JSON.stringify(write.body),
        }).then(async (res) => ({
          status: res.status,
          body: await res.text(),
          replayed: res.headers.get('idempotent-replayed'),
        }))

      // 1. All writes at once; kill -9 as soon as a few have answered.
      const first = await startServer(database, port)
      const before = new Map<string, { status: number; body: string }>()
      let answered = 0
      let killed: Promise<void> | undefined
      await Promise.allSettled(
        ORDER.map((index) =>
          send(first.url, WRITES[index]).then((answer) => {
            before.set(WRITES[index].key, answer)
            if (++answered === 3) killed = first.kill9()
          }),
        ),
      )
      await (killed ?? first.kill9())
      const interrupted = WRITES.filter((w) => !before.has(w.key)).length
      expect(interrupted, 'writes left without an answer by the kill').toBeGreaterThan(0)

      // 2. Start again on the same database; retry every write with its key, one at a time, as the outbox does.
      const second = await startServer(database, port)
      try {
        for (const write of WRITES) {
          const answer = await send(second.url, write)
          expect(answer.body).not.toContain(MESSAGES.idempotencyConflict)
          expect(answer.status, `${write.key}: ${answer.body}`).toBe(write.url === '/api/alerts' ? 201 : 200)
          const earlier = before.get(write.key)
          if (earlier && earlier.status < 500) {
            expect(answer.replayed).toBe('true')
            expect(answer.body).toBe(earlier.body)
          }
        }

        // 3. Read back over the API: each alert once, each day with its hours.
        const read = async (url: string) =>
          (await fetch(`${second.url}${url}`, { headers: { authorization: token } })).json()
        const alerts = ((await read('/api/alerts')).alerts as { message: string }[]).map((a) => a.message)
        for (const write of WRITES.filter((w) => w.url === '/api/alerts')) {
          const message = (write.body as { message: string }).message
          expect(
            alerts.filter((m) => m === message),
            message,
          ).toHaveLength(1)
        }
        expect(alerts).toHaveLength(ALERTS)
        const expectedHours = Object.fromEntries(
          WRITES.filter((w) => w.url === '/api/work/hours').map((w) => {
            const body = w.body as { date: string; hours: number }
            return [body.date, body.hours]
          }),
        )
        expect((await read('/api/work/hours')).workHours).toEqual(expectedHours)

        // 4. A second round of retries changes nothing.
        for (const write of WRITES) expect((await send(second.url, write)).replayed).toBe('true')
        expect((await read('/api/alerts')).alerts).toHaveLength(ALERTS)
      } finally {
        await second.stop()
      }
    } finally {
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
