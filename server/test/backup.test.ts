/**
 * `npm run backup` / `npm run restore` (issue 11): a seeded school is backed up while its database is open by a
 * running server (PGlite: this process holds the data-directory lock and answers on backup.sock, as server/main.ts
 * does), restored elsewhere, and every table compared — row count and a hash of every row. A non-empty target is
 * refused. On PGlite, and on PostgreSQL (pg_dump / pg_restore) when DATABASE_URL is set. Moving a school (issue 21): a
 * PGlite backup restored into an empty PostgreSQL database holds the same rows and the app reads them there.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { openDatabase, type DatabaseHandle } from '../db'
import { serveBackups } from '../db/backup'
import { sha256 } from '../lib/tokens'
import { createAlert } from '../repositories/alerts-repository'
import { writeAudit } from '../repositories/audit-repository'
import { insertSession } from '../repositories/sessions-repository'
import { createUser } from '../repositories/users-repository'
import { cleanEnv, removeDir, runCommand } from '../../tests/support/server'
import { drivers, tempDir, testConfig, throwawayPostgresDatabase } from './build'

type Env = { DATA_DIR: string; DATABASE_URL?: string }

function cli(script: string, args: string[], env: Env) {
  return runCommand(process.execPath, ['--import', 'tsx', `server/cli/${script}`, ...args], {
    env: cleanEnv({ PASSWORD_HASH_LOG_N: '10', ...env }),
    timeoutMs: 300_000,
  })
}

/** Every base table of the app's schemas (and Drizzle's migration journal) → `rows:md5 of all rows in order`. */
async function fingerprint(handle: DatabaseHandle): Promise<Record<string, string>> {
  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows
  const tables = rowsOf(
    await handle.db.execute(
      sql`select table_schema as s, table_name as t from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
          order by 1, 2`,
    ),
  )
  const out: Record<string, string> = {}
  for (const { s, t } of tables as { s: string; t: string }[]) {
    const name = `"${s}"."${t}"`
    const [row] = rowsOf(
      await handle.db.execute(
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${name} x`,
        ),
      ),
    )
    out[`${s}.${t}`] = `${row.n}:${row.h}`
  }
  return out
}

/** A small school: an administrator, teachers, students with settings, sessions, announcements and audit history. */
async function seedSchool(handle: DatabaseHandle): Promise<void> {
  const now = new Date()
  const people = [
    { type: 'admin' as const, name: 'Igazgató Ilona', username: 'igazgato' },
    ...['Kovács Éva', 'Nagy Péter', 'Szabó Judit'].map((name, i) => ({
      type: 'teacher' as const,
      name,
      username: `tanar${i}`,
    })),
    ...Array.from({ length: 60 }, (_, i) => ({
      type: 'student' as const,
      name: `Diák Ödön ${i}`,
      username: `diak${i}`,
    })),
  ]
  for (const [i, person] of people.entries()) {
    const user = await createUser(
      handle.db,
      { ...person, password: 'Demo-jelszo-2024', oneTime: i % 7 === 0 },
      { logN: 4, now },
    )
    if (i < 10) {
      await insertSession(handle.db, {
        tokenHash: sha256(`token-${i}`),
        userId: user.id,
        kind: 'session',
        expiresAt: new Date(now.getTime() + 86_400_000),
        now,
      })
      await writeAudit(handle.db, { username: user.username, type: 'dashboardAuthentication', at: now })
    }
  }
  for (const message of ['Holnap szünet.', 'Árvíztűrő tükörfúrógép — "idézőjel", \\ és új\nsor'])
    await createAlert(handle.db, message, now)
}

describe.each(drivers)('backup and restore on %s', (driver) => {
  const dir = tempDir('portal-backup-')
  const drops: (() => Promise<void>)[] = []
  const handles: DatabaseHandle[] = []
  const database = async (name: string): Promise<Env> => {
    if (driver === 'pglite') return { DATA_DIR: join(dir, name) }
    const created = await throwawayPostgresDatabase()
    drops.push(created.drop)
    return { DATA_DIR: join(dir, name), DATABASE_URL: created.url }
  }
  const open = async (env: Env) => {
    const handle = await openDatabase({ DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL ?? null })
    handles.push(handle)
    return handle
  }

  afterAll(async () => {
    for (const handle of handles) await handle.close()
    for (const drop of drops) await drop()
    removeDir(dir)
  })

  it('backs up a seeded school while it is open, restores it into an empty one and every table matches', async () => {
    const source = await database('source')
    // The running server: holds the database (PGlite: and its lock) and answers backup requests.
    const live = await open(source)
    await live.migrate()
    await seedSchool(live)

    const stopServing = driver === 'pglite' ? await serveBackups(source.DATA_DIR, live) : async () => {}
    const file = join(dir, driver === 'pglite' ? 'iskola.tar.gz' : 'iskola.dump')
    const backup = await cli('backup.ts', ['backup', file], source)
    await stopServing()
    expect(backup.code, backup.stderr).toBe(0)
    expect(backup.stdout).toContain(driver === 'pglite' ? 'a futó szervertől' : 'pg_dump')
    expect(existsSync(file)).toBe(true)

    const target = await database('target')
    const restored = await cli('backup.ts', ['restore', file], target)
    expect(restored.code, restored.stderr).toBe(0)

    const before = await fingerprint(live)
    const after = await fingerprint(await open(target))
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['public.users', 'public.audit_log']))
    expect(before['public.users']).toMatch(/^64:/)
    expect(before['public.sessions']).toMatch(/^10:/)
    expect(after).toEqual(before)

    // The restored copy is in use now: a second restore into it is refused and changes nothing.
    await handles.pop()!.close()
    const again = await cli('backup.ts', ['restore', file], target)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/nem üres/)
    expect(await fingerprint(await open(target))).toEqual(before)
  }, 900_000)

  it('refuses a file that is not a backup', async () => {
    const env = await database('other')
    const notBackup = await cli('backup.ts', ['restore', join(import.meta.dirname, 'backup.test.ts')], env)
    expect(notBackup.code).toBe(1)
    expect(notBackup.stderr).toMatch(/nem az Oktatói portál mentése/)
  }, 120_000)
})

describe.skipIf(!process.env.DATABASE_URL)('moving a school from PGlite to PostgreSQL', () => {
  const dir = tempDir('portal-move-')
  const closing: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const close of closing.reverse()) await close()
    removeDir(dir)
  })

  it('restores a PGlite backup into an empty PostgreSQL database: every row, and the app reads them', async () => {
    const source: Env = { DATA_DIR: join(dir, 'pglite') }
    const live = await openDatabase({ DATA_DIR: source.DATA_DIR, DATABASE_URL: null })
    closing.push(() => live.close())
    await live.migrate()
    await seedSchool(live)
    const stopServing = await serveBackups(source.DATA_DIR, live)
    const file = join(dir, 'iskola.tar.gz')
    const backup = await cli('backup.ts', ['backup', file], source)
    await stopServing()
    expect(backup.code, backup.stderr).toBe(0)

    const database = await throwawayPostgresDatabase()
    closing.push(database.drop)
    const target: Env = { DATA_DIR: join(dir, 'unused'), DATABASE_URL: database.url }
    const restored = await cli('backup.ts', ['restore', file], target)
    expect(restored.code, restored.stderr).toBe(0)
    expect(restored.stdout).toContain('PGlite-mentésből')

    const moved = await openDatabase({ DATA_DIR: '', DATABASE_URL: database.url })
    closing.push(() => moved.close())
    const before = await fingerprint(live)
    expect(before['public.users']).toMatch(/^64:/)
    expect(await fingerprint(moved)).toEqual(before)

    // The server starts on it and a session made on PGlite reads the students list from PostgreSQL.
    const app = await buildApp({ config: testConfig({ DATABASE_URL: database.url }), db: moved })
    closing.push(() => app.close())
    await moved.migrate()
    const res = await app.inject({
      method: 'GET',
      url: '/api/students/',
      headers: { authorization: 'token-1' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).toContain('Diák Ödön 59')

    // Moved once: a second restore into it is refused and changes nothing.
    const again = await cli('backup.ts', ['restore', file], target)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/nem üres/)
    expect(await fingerprint(moved)).toEqual(before)
  }, 900_000)
})
