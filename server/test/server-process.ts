/**
 * The real server as a child process (`node --import tsx server/main.ts`), for tests that must kill it (kill -9)
 * and start it again on the same database: a PGlite data directory, or a throw-away PostgreSQL database.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import pg from 'pg'
import type { Driver } from '../db'

const ROOT = resolve(import.meta.dirname, '..', '..')

/** Where the server keeps its data: the env the process gets, and how to drop it afterwards. */
export interface ServerDatabase {
  env: { DATA_DIR: string; DATABASE_URL?: string }
  drop(): Promise<void>
}

/** A PGlite data directory under `dataDir`, or a new PostgreSQL database (DATABASE_URL must be set). */
export async function serverDatabase(driver: Driver, dataDir: string): Promise<ServerDatabase> {
  if (driver === 'pglite') return { env: { DATA_DIR: dataDir }, drop: async () => {} }
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
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl })
      await again.connect()
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await again.end()
    },
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (!address || typeof address === 'string') return reject(new Error('no port'))
      server.close(() => resolvePort(address.port))
    })
  })
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  output: () => string
  /** kill -9: no shutdown hook, no close of the database. Resolves when the process is gone. */
  kill9(): Promise<void>
  /** SIGTERM and wait. */
  stop(): Promise<void>
}

/** Starts the server on `database` and waits until GET /api/health answers 200. */
export async function startServer(database: ServerDatabase, port: number): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env.DATABASE_URL
  delete env.NODE_OPTIONS
  delete env.SMTP_URL
  Object.assign(env, database.env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    STATIC_DIR: join(database.env.DATA_DIR, 'no-static-app'),
    PASSWORD_HASH_LOG_N: '10',
    LOG_LEVEL: 'warn',
  })
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()))
  let gone = false
  void exited.then(() => (gone = true))
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (gone) throw new Error(`the server exited while starting:\n${output}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.status === 200) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    child,
    output: () => output,
    kill9: async () => {
      if (!gone) child.kill('SIGKILL')
      await exited
    },
    stop: async () => {
      if (!gone) child.kill('SIGTERM')
      await exited
    },
  }
}
