/**
 * Opening the database: embedded PGlite in `DATA_DIR/db` by default, PostgreSQL (node-postgres) when
 * `DATABASE_URL` is set. CLI scripts use it the same way as the server:
 *
 *   const handle = await openDatabase(config)
 *   await migrate(handle)
 *   … use handle.db with the repositories …
 *   await handle.close()
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { Config } from '../config'
import { lockDataDir } from './lock'
import * as schema from './schema'

/** The Drizzle database both drivers give; a transaction (`db.transaction(tx => …)`) is one too. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Driver = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Db
  driver: Driver
  /** PGlite only: a copy of the whole database (tests clone a migrated template with it). */
  dump?: () => Promise<Blob>
  /**
   * PGlite only: a consistent gzipped copy of the data directory for `npm run backup` (server/db/backup.ts) — taken
   * while no transaction is open, after a CHECKPOINT.
   */
  backup?: () => Promise<Blob>
  /**
   * Applies the committed migrations (same as `migrate(handle)`), then runs `setUp` (the first administrator) while
   * still holding the migration lock: processes started together on one PostgreSQL take turns, the first migrates
   * and sets up, the others find it done.
   */
  migrate(setUp?: (db: Db) => Promise<void>): Promise<void>
  /** Closes the connection (pool) and releases the data-directory lock. Safe to call twice. */
  close(): Promise<void>
}

export interface OpenOptions {
  /** PGlite only: an in-memory database (tests), no data directory and no lock. */
  memory?: boolean
  /** PGlite in memory only: start from this dump (`dumpDataDir()`) instead of an empty cluster; much faster. */
  loadDataDir?: Blob
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Opens the configured database (a pool of DATABASE_POOL_MAX connections, 10 unless given, with PostgreSQL). Throws DataDirLockedError when another process holds the PGlite data directory. */
export async function openDatabase(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'> & Partial<Pick<Config, 'DATABASE_POOL_MAX'>>,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_MAX ?? 10 })
    // An idle connection dropped by the server must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('PostgreSQL kapcsolat hiba / connection error:', error.message))
    let closed = false
    return {
      db: drizzleNodePg(pool, { schema }) as unknown as Db,
      driver: 'postgres',
      migrate: async (setUp) => {
        // One connection holds the advisory lock so that two processes starting together migrate one at a time.
        const client = await pool.connect()
        try {
          await client.query('select pg_advisory_lock(7251409)')
          try {
            const locked = drizzleNodePg(client, { schema })
            await migrateNodePg(locked, { migrationsFolder })
            await setUp?.(locked as unknown as Db)
          } finally {
            await client.query('select pg_advisory_unlock(7251409)')
          }
        } finally {
          client.release()
        }
      },
      close: async () => {
        if (closed) return
        closed = true
        await pool.end()
      },
    }
  }
  const release = options.memory ? () => {} : await lockDataDir(config.DATA_DIR)
  let client: PGlite
  try {
    client = options.memory
      ? new PGlite({ loadDataDir: options.loadDataDir })
      : new PGlite(join(config.DATA_DIR, 'db'))
    await client.waitReady
  } catch (error) {
    release()
    throw error
  }
  let closed = false
  const db = drizzlePglite(client, { schema })
  const pglite = client
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    // One process only (the data-directory lock): nobody to take turns with.
    migrate: async (setUp) => {
      await migratePglite(db, { migrationsFolder })
      await setUp?.(db as unknown as Db)
    },
    dump: () => pglite.dumpDataDir('none'),
    backup: () => consistentDump(pglite),
    close: async () => {
      if (closed) return
      closed = true
      try {
        await client.close()
      } finally {
        release()
      }
    },
  }
}

/**
 * PGlite's dumpDataDir copies the files between two queries, but a Drizzle transaction spans several. A CHECKPOINT
 * first puts every committed page in the files; the copy is then taken inside a transaction of our own, so it
 * waits for any open one to finish (PGlite runs one transaction at a time: `client.transaction` holds its lock)
 * and none starts while the files are copied. Whatever committed between the two is in the WAL the copy carries.
 */
async function consistentDump(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT')
  return client.transaction(() => client.dumpDataDir('gzip'))
}

/** Applies the committed migrations in server/db/migrations, then `setUp` under the same lock (`handle.migrate`). */
export async function migrate(handle: DatabaseHandle, setUp?: (db: Db) => Promise<void>): Promise<void> {
  await handle.migrate(setUp)
}

export { migrationsFolder, schema }
