/**
 * A request whose client has gone stops its work (issue 21): an export's workbook is built in a worker
 * (lib/spreadsheet.ts) that the client going away terminates (lib/client-gone.ts), so nothing keeps a core busy for
 * an answer nobody reads. Observed through the workers' counters: one running while the request is open, none
 * left once the client is gone, and that one counted as abandoned rather than finished. The audit log's CSV export is
 * streamed: its reading stops with the client, long before the last batch.
 */
import { request } from 'node:http'
import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { seedAuditHistory } from '../cli/seed-audit'
import { spreadsheetWorkers } from '../lib/spreadsheet'
import { auditExports } from '../services/audit-log'
import { drivers, useTestApp } from './build'

/** Enough accounts that the workbook takes the worker well over a second to write. */
const ACCOUNTS = 20_000

describe.each(drivers)('a gone client on %s', (driver) => {
  const t = useTestApp(driver)

  it(
    'terminates the users export’s workbook worker when the client goes away',
    { timeout: 120_000 },
    async () => {
      await t.handle.db.execute(sql`
      insert into users (id, username, name, type, password_hash, password_changed_at, created_at)
      select gen_random_uuid(), 'tomeg.' || g, 'Tömeg ' || g, 'student', 'x', now(), now()
      from generate_series(1, ${ACCOUNTS}) g`)
      const admin = await t.signedIn('admin')
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = t.app.server.address() as { port: number }
      const abandoned = spreadsheetWorkers.abandoned
      let answered = false
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/api/users/export.xlsx',
        headers: { authorization: admin.token },
      })
      req.on('response', () => (answered = true))
      req.on('error', () => {})
      req.end()
      await vi.waitFor(() => expect(spreadsheetWorkers.running).toBe(1), { timeout: 60_000, interval: 5 })
      req.destroy()
      await vi.waitFor(() => expect(spreadsheetWorkers.running).toBe(0), { timeout: 30_000 })
      expect(answered).toBe(false)
      expect(spreadsheetWorkers.abandoned).toBe(abandoned + 1)
    },
  )

  it(
    'stops reading the audit log for its CSV export when the client goes away',
    { timeout: 180_000 },
    async () => {
      const entries = 200_000
      await seedAuditHistory(t.handle.db, entries)
      const admin = await t.signedIn('admin')
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = t.app.server.address() as { port: number }
      const before = auditExports.batches
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/api/auditlog/export.csv',
        headers: { authorization: admin.token },
      })
      req.on('error', () => {})
      const firstChunk = new Promise<void>((resolve) =>
        req.on('response', (res) => res.once('data', () => resolve())),
      )
      req.end()
      await firstChunk
      expect(auditExports.running).toBe(1)
      req.destroy()
      await vi.waitFor(() => expect(auditExports.running).toBe(0), { timeout: 30_000 })
      // 1,000 entries a batch: a finished export would have read 200 (the sockets buffer a few dozen).
      expect(auditExports.batches - before).toBeLessThan(entries / 1000 / 2)
    },
  )
})
