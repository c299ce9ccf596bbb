/**
 * Test helper (fastify/demo's `build(t)`): a fresh database per test file and driver — in-memory PGlite always,
 * and a throw-away PostgreSQL database when DATABASE_URL is set — with the app built on it, a capturing mailer,
 * a movable clock and a cheap scrypt cost.
 *
 *   describe.each(drivers)('%s', (driver) => {
 *     const t = useTestApp(driver)
 *     it('…', async () => {
 *       const { token } = await t.signedIn('teacher')
 *       const res = await t.app.inject({ method: 'GET', url: '/api/students/', headers: { authorization: token } })
 *     })
 *   })
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import type { UserType } from '@contract/features'
import { buildApp } from '../app'
import { loadConfig, type Config } from '../config'
import { migrationsFolder, openDatabase, type DatabaseHandle, type Driver } from '../db'
import { newToken, sha256 } from '../lib/tokens'
import { SESSION_TTL_MS } from '../services/auth-service'
import type { MailMessage, Mailer } from '../services/mailer'
import { insertSession } from '../repositories/sessions-repository'
import { createUser, type UserRow } from '../repositories/users-repository'

/** The drivers every suite runs on: PGlite, plus PostgreSQL when DATABASE_URL is set. */
export const drivers: Driver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/** Cheap scrypt for tests (production uses 17). */
export const TEST_LOG_N = 10

export class TestClock {
  offsetMs = 0
  now = (): Date => new Date(Date.now() + this.offsetMs)
  advance(ms: number): void {
    this.offsetMs += ms
  }
}

export class CapturingMailer implements Mailer {
  messages: MailMessage[] = []
  async send(message: MailMessage): Promise<void> {
    this.messages.push(message)
  }
  close(): void {}
  /** The 6-digit code of the latest mail to `to`. */
  lastCode(to: string): string {
    const mail = this.messages.filter((m) => m.to === to).at(-1)
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
    if (!code) throw new Error(`no MFA mail to ${to}`)
    return code
  }
}

/** A test configuration: temp DATA_DIR, no static app, a CORS origin, cheap hashing. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: join(tmpdir(), `portal-test-${randomBytes(4).toString('hex')}`),
    STATIC_DIR: join(tmpdir(), 'portal-no-static-app'),
    CORS_ORIGINS: 'https://app.pelda.hu',
    PASSWORD_HASH_LOG_N: String(TEST_LOG_N),
    ...env,
  })
}

let template: Promise<Blob> | undefined

/**
 * A migrated PGlite cluster as a dump, made once and shared by every test worker through a file keyed by the
 * migrations: starting from it takes under a second, an empty PGlite cluster several.
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const hash = createHash('sha256')
    for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
      const path = join(migrationsFolder, name)
      if (statSync(path).isFile()) hash.update(name).update(readFileSync(path))
    }
    const file = join(tmpdir(), `portal-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`)
    if (existsSync(file)) return new Blob([readFileSync(file)])
    const handle = await openDatabase({ DATA_DIR: '', DATABASE_URL: null }, { memory: true })
    await handle.migrate()
    const dump = await handle.dump!()
    await handle.close()
    const partial = `${file}.${process.pid}.tmp`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
    return dump
  })()
  return template
}

/** A fresh, migrated database for `driver`; `drop()` closes and removes it. */
export async function freshDatabase(
  driver: Driver,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    const handle = await openDatabase(
      { DATA_DIR: '', DATABASE_URL: null },
      { memory: true, loadDataDir: await pgliteTemplate() },
    )
    await handle.migrate()
    return { handle, drop: () => handle.close() }
  }
  const database = await throwawayPostgresDatabase()
  const handle = await openDatabase({ DATA_DIR: '', DATABASE_URL: database.url })
  await handle.migrate()
  return {
    handle,
    drop: async () => {
      await handle.close()
      await database.drop()
    },
  }
}

/** A new, empty PostgreSQL database on the DATABASE_URL server, and how to drop it (even with open connections). */
export async function throwawayPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) throw new Error('DATABASE_URL is not set')
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl })
      await again.connect()
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await again.end()
    },
  }
}

export interface TestUser {
  user: UserRow
  username: string
  password: string
}

export interface TestApp {
  app: FastifyInstance
  handle: DatabaseHandle
  config: Config
  mailer: CapturingMailer
  clock: TestClock
  /** Every route the app registered (method and URL pattern, as Fastify's onRoute hook saw them). */
  routes: { method: string; url: string }[]
  /** Another app instance on the same database (as a second server process would be). */
  secondApp(): Promise<FastifyInstance>
  /** Creates a user with a unique username. */
  user(
    type: UserType,
    options?: { mfaEmail?: string; name?: string; username?: string; password?: string },
  ): Promise<TestUser>
  /** Creates a user and a session for it (straight in the database). */
  signedIn(
    type: UserType,
    options?: { name?: string; mfaEmail?: string },
  ): Promise<TestUser & { token: string }>
}

let counter = 0

/** Registers beforeAll/afterAll that build the app on a fresh database; use the returned object inside tests. */
export function useTestApp(
  driver: Driver,
  options: { env?: Record<string, string>; rateLimitMax?: number } = {},
): TestApp {
  let dropDb: (() => Promise<void>) | undefined
  const apps: FastifyInstance[] = []
  const clock = new TestClock()
  const mailer = new CapturingMailer()
  const t = { clock, mailer, routes: [] } as unknown as TestApp

  const make = async () => {
    const first = apps.length === 0
    const app = await buildApp({
      onRoute: (route) => {
        if (!first) return
        for (const method of [route.method].flat()) t.routes.push({ method, url: route.url })
      },
      config: t.config,
      db: t.handle,
      mailer,
      now: clock.now,
      rateLimitMax: options.rateLimitMax,
    })
    await app.ready()
    apps.push(app)
    return app
  }

  beforeAll(async () => {
    t.config = testConfig(options.env)
    const fresh = await freshDatabase(driver)
    t.handle = fresh.handle
    dropDb = fresh.drop
    t.app = await make()
  })

  afterAll(async () => {
    for (const app of apps) await app.close()
    await dropDb?.()
    if (t.config) rmSync(t.config.DATA_DIR, { recursive: true, force: true })
  })

  t.secondApp = make
  t.user = async (type, o = {}) => {
    const username = o.username ?? `${type}${++counter}_${randomBytes(3).toString('hex')}`
    const password = o.password ?? `jelszo-${randomBytes(4).toString('hex')}`
    const user = await createUser(
      t.handle.db,
      { username, name: o.name ?? `Teszt ${username}`, type, password, mfaEmail: o.mfaEmail },
      { logN: TEST_LOG_N, now: clock.now() },
    )
    return { user, username, password }
  }
  t.signedIn = async (type, o = {}) => {
    const created = await t.user(type, o)
    const token = newToken()
    const now = clock.now()
    await insertSession(t.handle.db, {
      tokenHash: sha256(token),
      userId: created.user.id,
      kind: 'session',
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      now,
    })
    return { ...created, token }
  }
  return t
}

/** A temp directory removed by the caller. */
export function tempDir(prefix = 'portal-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}
