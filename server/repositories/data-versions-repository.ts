/** Change counters of data sets (schema `data_versions`), bumped by database triggers (migrations 0001, 0013). */
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { dataVersions } from '../db/schema'

/**
 * The data sets with a counter, and the tables whose changes bump it: `users` (the students list: users' insert,
 * delete, and updates of username, name, type, disabled), `accounts` (every users change and the last sign-ins),
 * `groups` (groups, group_members, classrooms, and names of users), `links` (short_links, visit counts included),
 * `blocked_domains`.
 */
export type DataSet = 'users' | 'accounts' | 'groups' | 'links' | 'blocked_domains'

function prepareVersion(db: Db, names: readonly DataSet[]) {
  return db
    .select({ version: sql<string | number | null>`sum(${dataVersions.version})` })
    .from(dataVersions)
    .where(inArray(dataVersions.name, [...names]))
    .prepare(`data_version_${names.join('_')}`)
}

const prepared = new WeakMap<Db, Map<string, ReturnType<typeof prepareVersion>>>()

/**
 * The current change counter of one or several data sets together: the sum of their slots, read in one statement,
 * so it only grows, and a change is counted once committed. Prepared once per database and set of names.
 */
export async function dataVersion(db: Db, names: DataSet | readonly DataSet[]): Promise<number> {
  const list = typeof names === 'string' ? [names] : names
  let byNames = prepared.get(db)
  if (!byNames) prepared.set(db, (byNames = new Map()))
  const key = list.join(',')
  let statement = byNames.get(key)
  if (!statement) byNames.set(key, (statement = prepareVersion(db, list)))
  const [row] = await statement.execute()
  return Number(row?.version ?? 0)
}
