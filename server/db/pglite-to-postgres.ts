/**
 * Moving a school from PGlite to PostgreSQL (issue 21): `npm run restore -- FILE` with DATABASE_URL set and a PGlite
 * backup (`npm run backup` without DATABASE_URL). pg_restore cannot read a PGlite data directory, so the backup is
 * opened in memory, brought to this version's migrations, and the target database gets the same migrations; then
 * every table's rows are copied in one transaction (parents before children, the tables' own triggers off so the
 * change counters are copied as they were, not bumped), and every sequence is set to where it stood. The rows travel
 * as JSON (`to_json` → `json_populate_recordset`), which every column type of the schema survives; generated
 * columns are computed again by the target.
 *
 * Like the other restores it refuses a non-empty database; if the copy fails, what it created is dropped again.
 */
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { migrationsFolder, openDatabase } from '.'
import { refuseNonEmpty } from './backup'

/** Rows moved per statement. */
const BATCH = 2000

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Tables ordered so that a table comes after every table its foreign keys point at (self-references aside). */
function parentsFirst(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const ordered: string[] = []
  const placed = new Set<string>()
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return
    path.add(table)
    for (const { child, parent } of edges) if (child === table && parent !== table) visit(parent, path)
    placed.add(table)
    ordered.push(table)
  }
  for (const table of tables) visit(table, new Set())
  return ordered
}

/** Restores a PGlite backup (the gzipped data directory) into the empty PostgreSQL database at `databaseUrl`. */
export async function restorePgliteIntoPostgres(databaseUrl: string, backup: Uint8Array): Promise<void> {
  const target = new pg.Client({ connectionString: databaseUrl })
  await target.connect()
  let source: PGlite | undefined
  let created = false
  try {
    await refuseNonEmpty(target)
    source = new PGlite({ loadDataDir: new Blob([Uint8Array.from(backup)]) })
    await source.waitReady
    await migratePglite(drizzlePglite(source), { migrationsFolder })
    // The same schema on both sides: this version's migrations (and their journal, which the copy then overwrites).
    created = true
    const handle = await openDatabase({ DATA_DIR: '', DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: 1 })
    try {
      await handle.migrate()
    } finally {
      await handle.close()
    }
    await copyAll(source, target)
  } catch (error) {
    if (created) await dropEverything(target).catch(() => {})
    throw error
  } finally {
    await source?.close()
    await target.end()
  }
}

async function copyAll(source: PGlite, target: pg.Client): Promise<void> {
  const tables = (
    await source.query<{ name: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       order by 1`,
    )
  ).rows.map((row) => row.name)
  const edges = (
    await source.query<{ child: string; parent: string }>(
      `select quote_ident(cn.nspname) || '.' || quote_ident(cc.relname) as child,
              quote_ident(pn.nspname) || '.' || quote_ident(pc.relname) as parent
       from pg_constraint c
       join pg_class cc on cc.oid = c.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
       join pg_class pc on pc.oid = c.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
       where c.contype = 'f'`,
    )
  ).rows
  await target.query('begin')
  try {
    for (const table of tables) await target.query(`alter table ${table} disable trigger user`)
    // Migrations may have put rows in (the change counters): the copy replaces them; children first.
    const ordered = parentsFirst(tables, edges)
    for (const table of [...ordered].reverse()) await target.query(`delete from ${table}`)
    for (const table of ordered) await copyTable(source, target, table)
    for (const table of tables) await target.query(`alter table ${table} enable trigger user`)
    const sequences = await source.query<{ name: string; last: string | null; called: boolean }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as last,
              last_value is not null as called
       from pg_sequences`,
    )
    for (const { name, last, called } of sequences.rows)
      if (called) await target.query('select setval($1::regclass, $2::bigint, true)', [name, last])
    await target.query('commit')
  } catch (error) {
    await target.query('rollback')
    throw error
  }
}

async function copyTable(source: PGlite, target: pg.Client, table: string): Promise<void> {
  const [schema, name] = table.split('.').map((part) => part.replace(/^"(.*)"$/, '$1').replaceAll('""', '"'))
  const columns = (
    await source.query<{ column: string }>(
      `select column_name as column from information_schema.columns
       where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position`,
      [schema, name],
    )
  ).rows.map((row) => quote(row.column))
  const list = columns.join(', ')
  await source.transaction(async (tx) => {
    await tx.query(
      `declare rows_of no scroll cursor for select to_json(x)::text as j from (select ${list} from ${table}) x`,
    )
    for (;;) {
      const { rows } = await tx.query<{ j: string }>(`fetch ${BATCH} from rows_of`)
      if (!rows.length) break
      await target.query(
        `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json)`,
        [`[${rows.map((row) => row.j).join(',')}]`],
      )
    }
    await tx.query('close rows_of')
  })
}

/** Undoes a failed move: the database was empty before it. */
async function dropEverything(target: pg.Client): Promise<void> {
  await target.query('drop schema if exists drizzle cascade')
  await target.query('drop schema public cascade')
  await target.query('create schema public')
}
