/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` (issue 11; server/db/backup.ts says how).
 *
 *   backup FILE    a consistent copy of the whole database, also while the server runs
 *   restore FILE   into an empty DATA_DIR (PGlite) or an empty database (DATABASE_URL); refuses a non-empty one.
 *                  A PGlite backup restores into PostgreSQL too (moving a school: db/pglite-to-postgres.ts).
 *
 * Exit codes: 0 done, 1 refused or failed (the message says why), 2 bad configuration or usage.
 */
import { readFileSync } from 'node:fs'
import type { Config } from '../config'
import { openDatabase } from '../db'
import {
  backupKind,
  BackupError,
  backupPostgres,
  requestBackup,
  restorePglite,
  restorePostgres,
  writeAtomically,
} from '../db/backup'
import { DataDirLockedError } from '../db/lock'
import { restorePgliteIntoPostgres } from '../db/pglite-to-postgres'
import { cliConfig } from './open-cli-database'

const USAGE = `Használat / usage:
  npm run backup -- FÁJL    mentés / back up (a szerver futhat / the server may be running)
  npm run restore -- FÁJL   visszaállítás üres DATA_DIR-be vagy adatbázisba / restore into an empty one`

async function backup(config: Config, file: string): Promise<string> {
  if (config.DATABASE_URL) {
    await backupPostgres(config.DATABASE_URL, file)
    return 'PostgreSQL (pg_dump)'
  }
  const fromServer = await requestBackup(config.DATA_DIR)
  if (fromServer) {
    writeAtomically(file, fromServer)
    return 'PGlite, a futó szervertől / from the running server'
  }
  // No server answers: take the lock and copy it ourselves.
  const handle = await openDatabase(config)
  try {
    writeAtomically(file, new Uint8Array(await (await handle.backup!()).arrayBuffer()))
  } finally {
    await handle.close()
  }
  return 'PGlite'
}

async function restore(config: Config, file: string): Promise<string> {
  const bytes = readFileSync(file)
  const kind = backupKind(bytes.subarray(0, 8))
  if (!kind) throw new BackupError(`Ez nem az Oktatói portál mentése / not a backup of this server: ${file}`)
  const want = config.DATABASE_URL ? 'postgres' : 'pglite'
  // Moving a school from PGlite to PostgreSQL (README): the PGlite backup's tables copied into the empty database.
  if (kind === 'pglite' && want === 'postgres') {
    await restorePgliteIntoPostgres(config.DATABASE_URL!, bytes)
    return 'PostgreSQL, a PGlite-mentésből / from the PGlite backup'
  }
  if (kind !== want)
    throw new BackupError(
      kind === 'pglite'
        ? 'Ez PGlite-mentés: DATABASE_URL nélkül állítsd vissza. / A PGlite backup: restore it without DATABASE_URL.'
        : 'Ez PostgreSQL-mentés (pg_dump): DATABASE_URL-lel állítsd vissza. / A pg_dump backup: restore it with DATABASE_URL.',
    )
  if (kind === 'postgres') await restorePostgres(config.DATABASE_URL!, file)
  else await restorePglite(config.DATA_DIR, bytes)
  return kind === 'postgres' ? 'PostgreSQL (pg_restore)' : `PGlite (${config.DATA_DIR})`
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2)
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error(USAGE)
    process.exit(2)
  }
  const config = cliConfig()
  const started = Date.now()
  try {
    const what = command === 'backup' ? await backup(config, file) : await restore(config, file)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(
      command === 'backup'
        ? `Mentés kész / backup written: ${file} — ${what}, ${seconds} s`
        : `Visszaállítás kész / restored: ${file} → ${what}, ${seconds} s`,
    )
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataDirLockedError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

await main()
