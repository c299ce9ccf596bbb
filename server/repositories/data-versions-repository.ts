/** Change counters of data sets (schema `data_versions`), bumped by database triggers. */
import { eq } from 'drizzle-orm'
import type { Db } from '../db'
import { dataVersions } from '../db/schema'

export type DataSet = 'users'

/** The current change counter of a data set. */
export async function dataVersion(db: Db, name: DataSet): Promise<number> {
  const [row] = await db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.name, name))
  return row?.version ?? 0
}
