/**
 * Several server processes on one PostgreSQL (issue 17 §4): real processes (server/main.ts) on a throw-away
 * database. PostgreSQL only (PGlite is one process by design): skipped without DATABASE_URL.
 */
import { rmSync } from 'node:fs'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db'
import { createUser } from '../repositories/users-repository'
import { THROTTLE } from '../services/throttle'
import { tempDir, TEST_LOG_N } from './build'
import {
  freePort,
  serverDatabase,
  startServer,
  type ServerDatabase,
  type ServerProcess,
} from './server-process'

const postgres = Boolean(process.env.DATABASE_URL)

describe.skipIf(!postgres)('several processes on one PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  /** A new, empty database and a scratch DATA_DIR, removed after the suite. */
  async function emptyDatabase(): Promise<ServerDatabase> {
    const dir = tempDir('portal-several-')
    const database = await serverDatabase('postgres', dir)
    cleanups.push(async () => {
      await database.drop()
      rmSync(dir, { recursive: true, force: true })
    })
    return database
  }

  async function start(
    database: ServerDatabase,
    count: number,
    env: Record<string, string> = {},
  ): Promise<ServerProcess[]> {
    const ports = await Promise.all(Array.from({ length: count }, freePort))
    const servers = await Promise.allSettled(ports.map((port) => startServer(database, port, env)))
    for (const server of servers) if (server.status === 'fulfilled') cleanups.push(server.value.stop)
    const failed = servers.find((s) => s.status === 'rejected')
    if (failed) throw (failed as PromiseRejectedResult).reason
    return servers.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value)
  }

  it('starts three processes at once on an empty database: all answer, one administrator, its password printed once', async () => {
    const database = await emptyDatabase()
    // The production hash cost: the first administrator's hashing takes long enough for the others to catch up.
    const servers = await start(database, 3, { PASSWORD_HASH_LOG_N: '17' })
    for (const server of servers) expect((await fetch(`${server.url}/api/health`)).status).toBe(200)

    const client = new pg.Client({ connectionString: database.env.DATABASE_URL })
    await client.connect()
    try {
      const { rows } = await client.query<{ username: string }>('select username from users')
      expect(rows.map((r) => r.username)).toEqual(['admin'])
    } finally {
      await client.end()
    }
    const printed = servers.map((s) => s.output().match(/egyszer használatos jelszó: \S+/g)?.length ?? 0)
    expect(printed.reduce((a, b) => a + b, 0)).toBe(1)
  })

  it('checks at most 5 of 24 wrong passwords sent at once to two processes', async () => {
    const database = await emptyDatabase()
    const handle = await openDatabase({ DATA_DIR: '', DATABASE_URL: database.env.DATABASE_URL! })
    await handle.migrate()
    await createUser(
      handle.db,
      { username: 'tanar.teszt', name: 'Teszt Tanár', type: 'teacher', password: 'jo-jelszo-123' },
      { logN: TEST_LOG_N },
    )
    await handle.close()
    const servers = await start(database, 2)

    const statuses = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const res = await fetch(`${servers[i % 2]!.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'tanar.teszt', password: `rossz-${i}` }),
        })
        return res.status
      }),
    )
    expect(statuses.filter((s) => s === 401)).toHaveLength(THROTTLE.perAccountAddress)
    expect(statuses.filter((s) => s === 429)).toHaveLength(24 - THROTTLE.perAccountAddress)
  })
})
