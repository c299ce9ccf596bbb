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

/**
 * The current change counter of one or several data sets together: the sum of their slots, read in one statement,
 * so it only grows, and a change is counted once committed.
 */
export async function dataVersion(db: Db, names: DataSet | readonly DataSet[]): Promise<number> {
  const [row] = await db
    .select({ version: sql<string | number | null>`sum(${dataVersions.version})` })
    .from(dataVersions)
    .where(inArray(dataVersions.name, typeof names === 'string' ? [names] : [...names]))
  return Number(row?.version ?? 0)
}
