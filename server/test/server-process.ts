/**
 * The real server as a child process (`node --import tsx server/main.ts`), for tests that must kill it (kill -9)
 * and start it again on the same database: a PGlite data directory, or a throw-away PostgreSQL database.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join, resolve } from 'node:path'
import { freePort } from '../../tests/support/server'
import type { Driver } from '../db'
import { throwawayPostgresDatabase } from './build'

const ROOT = resolve(import.meta.dirname, '..', '..')

/** Where the server keeps its data: the env the process gets, and how to drop it afterwards. */
export interface ServerDatabase {
  env: { DATA_DIR: string; DATABASE_URL?: string }
  drop(): Promise<void>
}

/** A PGlite data directory under `dataDir`, or a new PostgreSQL database (DATABASE_URL must be set). */
export async function serverDatabase(driver: Driver, dataDir: string): Promise<ServerDatabase> {
  if (driver === 'pglite') return { env: { DATA_DIR: dataDir }, drop: async () => {} }
  const database = await throwawayPostgresDatabase()
  return { env: { DATA_DIR: dataDir, DATABASE_URL: database.url }, drop: database.drop }
}

export { freePort }

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
