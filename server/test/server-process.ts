/**
 * The real server as a child process (`node --import tsx server/main.ts`), for tests that must kill it (kill -9)
 * and start it again on the same database: a PGlite data directory, or a throw-away PostgreSQL database.
 */
import { join } from 'node:path'
import { freePort, startServer as startProductServer } from '../../tests/support/server'
import type { Driver } from '../db'
import { throwawayPostgresDatabase } from './build'

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
  output: () => string
  /** kill -9: no shutdown hook, no close of the database. Resolves when the process is gone. */
  kill9(): Promise<void>
  /** SIGTERM and wait. */
  stop(): Promise<void>
}

/**
 * Starts the server on `database` (the e2e suite's startServer, with this database's environment and `env`) and
 * waits until GET /api/health answers 200.
 */
export async function startServer(
  database: ServerDatabase,
  port: number,
  env: Record<string, string | undefined> = {},
): Promise<ServerProcess> {
  const server = await startProductServer({
    port,
    dataDir: database.env.DATA_DIR,
    staticDir: join(database.env.DATA_DIR, 'no-static-app'),
    env: { DATABASE_URL: database.env.DATABASE_URL, PASSWORD_HASH_LOG_N: '10', LOG_LEVEL: 'warn', ...env },
  })
  const child = server.process
  const exited = new Promise<void>((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) resolveExit()
    else child.once('exit', () => resolveExit())
  })
  return {
    url: server.url,
    output: server.output,
    kill9: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
    stop: server.stop,
  }
}
