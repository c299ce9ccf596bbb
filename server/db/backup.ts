/**
 * Backups (issue 11): `npm run backup -- FILE` and `npm run restore -- FILE` (server/cli/backup.ts).
 *
 * PGlite: the running server owns the data directory (db/lock.ts), so a backup asks it over a second Unix socket,
 * `DATA_DIR/backup.sock` (mode 0600: only the server's own user), and gets a consistent gzipped tar of the data
 * directory (db/index.ts `backup`). With no server running, the CLI takes the lock and dumps itself. Restore
 * unpacks the tar into an empty `DATA_DIR/db` (PGlite's loadDataDir) under the lock.
 *
 * PostgreSQL: `pg_dump -Fc` (a consistent snapshot while the server runs) and `pg_restore` into an empty database.
 * A backup file says what it is by its first bytes: gzip (PGlite) or `PGDMP` (pg_dump's custom format).
 */
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { DatabaseHandle } from '.'
import { lockDataDir } from './lock'

export const BACKUP_SOCKET = 'backup.sock'

/** A backup or restore that cannot be done, with a message for the person at the terminal (Hungarian / English). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupError'
  }
}

export type BackupKind = 'pglite' | 'postgres'

/** What a backup file holds, by its magic bytes, or null when it is neither kind. */
export function backupKind(head: Uint8Array): BackupKind | null {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite'
  if (Buffer.from(head.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'postgres'
  return null
}

/**
 * The server side (PGlite only): answers each connection on `DATA_DIR/backup.sock` with `OK <bytes>\n` and the
 * dump, or `ERR <message>\n`. Resolves to the function that closes the socket.
 */
export async function serveBackups(dataDir: string, handle: DatabaseHandle): Promise<() => Promise<void>> {
  const backup = handle.backup
  if (!backup) throw new Error('backups over the socket are for PGlite')
  const path = join(resolve(dataDir), BACKUP_SOCKET)
  // We hold the data-directory lock: a socket file left here is a dead server's.
  rmSync(path, { force: true })
  const server = net.createServer((socket) => {
    socket.on('error', () => {})
    backup()
      .then(async (blob) => {
        const bytes = Buffer.from(await blob.arrayBuffer())
        socket.write(`OK ${bytes.length}\n`)
        socket.end(bytes)
      })
      .catch((error: unknown) => socket.end(`ERR ${(error as Error).message}\n`))
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(path, () => done())
  })
  chmodSync(path, 0o600)
  server.unref()
  return () => new Promise<void>((done) => server.close(() => done()))
}

/** Asks the running server for a dump; null when no server listens on the socket. */
export function requestBackup(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolvePromise, reject) => {
    const socket = net.connect(join(resolve(dataDir), BACKUP_SOCKET))
    const chunks: Buffer[] = []
    let connected = false
    socket.on('connect', () => (connected = true))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolvePromise(null)
      else reject(error)
    })
    socket.on('end', () => {
      const all = Buffer.concat(chunks)
      const newline = all.indexOf(0x0a)
      const header = all.subarray(0, newline).toString('utf8')
      const body = all.subarray(newline + 1)
      const size = /^OK (\d+)$/.exec(header)
      if (size && Number(size[1]) === body.length) resolvePromise(body)
      else
        reject(
          new BackupError(
            header.startsWith('ERR ')
              ? `A szerver nem tudott mentést készíteni / the server could not back up: ${header.slice(4)}`
              : 'A szerver válasza csonka / the server answer was cut short',
          ),
        )
    })
  })
}

/** Writes `bytes` to `file` through a temporary file, so a cut-off backup never has the final name. */
export function writeAtomically(file: string, bytes: Uint8Array): void {
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, bytes, { mode: 0o600 })
  renameSync(partial, file)
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `A ${command} nincs telepítve / ${command} is not installed (apt install postgresql-client)`,
            )
          : error,
      ),
    )
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new BackupError(`${command} (${code}): ${stderr.trim()}`)),
    )
  })
}

/** libpq's environment for a URL: the password stays out of the process list. */
function libpqEnv(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} }
}

/** PostgreSQL: `pg_dump -Fc` of the whole database into `file`. */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = libpqEnv(databaseUrl)
  const partial = `${file}.${process.pid}.partial`
  try {
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${url}`],
      env,
    )
    renameSync(partial, file)
  } finally {
    rmSync(partial, { force: true })
  }
}

/** A restore goes only into an empty PostgreSQL database (pg_restore's dump, or a PGlite backup moved over). */
export async function refuseNonEmpty(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*)::text as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  )
  if (Number(rows[0].n) > 0)
    throw new BackupError(
      'Az adatbázis nem üres: a visszaállítás csak üres adatbázisba lehetséges.\n' +
        'The database is not empty: restore only into an empty database.',
    )
}

/** PostgreSQL: refuses a database with any table, then `pg_restore` in one transaction. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await refuseNonEmpty(client)
  } finally {
    await client.end()
  }
  const { url, env } = libpqEnv(databaseUrl)
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file],
    env,
  )
}

/** PGlite: unpacks a backup into `DATA_DIR/db`, which must be missing or empty; holds the lock meanwhile. */
export async function restorePglite(dataDir: string, backup: Uint8Array): Promise<void> {
  const target = join(dataDir, 'db')
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new BackupError(
      `A DATA_DIR nem üres (${target}): a visszaállítás csak üres adatkönyvtárba lehetséges.\n` +
        `DATA_DIR is not empty (${target}): restore only into an empty data directory.`,
    )
  const release = await lockDataDir(dataDir)
  try {
    const client = new PGlite(target, { loadDataDir: new Blob([Uint8Array.from(backup)]) })
    await client.waitReady
    // The copy opens and answers: a torn file fails here, not at the next server start.
    await client.query('select count(*) from users')
    await client.close()
  } catch (error) {
    rmSync(target, { recursive: true, force: true })
    throw error
  } finally {
    release()
  }
}
