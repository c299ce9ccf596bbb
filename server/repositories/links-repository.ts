/** Short links (spec §3). School-wide: `created_by` is kept for the record, not for access. */
import { randomUUID } from 'node:crypto'
import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { shortLinks } from '../db/schema'

export type ShortLinkRow = typeof shortLinks.$inferSelect

/** Every link, newest first. */
export async function listLinks(db: Db): Promise<ShortLinkRow[]> {
  return db.select().from(shortLinks).orderBy(desc(shortLinks.createdAt), desc(shortLinks.id))
}

/** Inserts the link; null when the code is taken (the unique index decides, so two racing creates get one 409). */
export async function insertLink(
  db: Db,
  input: { url: string; short: string; expiresAt: Date | null; createdBy: string; now: Date },
): Promise<ShortLinkRow | null> {
  const [row] = await db
    .insert(shortLinks)
    .values({
      id: randomUUID(),
      url: input.url,
      short: input.short,
      expiresAt: input.expiresAt,
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: shortLinks.short })
    .returning()
  return row ?? null
}

/** Deletes the link; the deleted row, or null when there was none. */
export async function deleteLink(db: Db, id: string): Promise<ShortLinkRow | null> {
  const [row] = await db.delete(shortLinks).where(eq(shortLinks.id, id)).returning()
  return row ?? null
}

/** The link a code names (what `/s/:code` needs), or null for an unknown code. */
export async function findLinkByCode(
  db: Db,
  short: string,
): Promise<{ id: string; url: string; expiresAt: Date | null } | null> {
  const [row] = await db
    .select({ id: shortLinks.id, url: shortLinks.url, expiresAt: shortLinks.expiresAt })
    .from(shortLinks)
    .where(eq(shortLinks.short, short))
    .limit(1)
  return row ?? null
}

/** Rows per UPDATE of `addVisits` (two parameters each, far below PostgreSQL's 65,535). */
const VISIT_ROWS_PER_STATEMENT = 1000

/**
 * Adds buffered visit counts, `[link id, visits]`, one UPDATE … FROM (VALUES …) per 1,000 links; the caller passes
 * the transaction. Ids of links deleted meanwhile match no row, so their visits are dropped with them.
 */
export async function addVisits(db: Db, counts: [id: string, visits: number][]): Promise<void> {
  for (let start = 0; start < counts.length; start += VISIT_ROWS_PER_STATEMENT) {
    const rows = counts
      .slice(start, start + VISIT_ROWS_PER_STATEMENT)
      .map(([id, visits]) => sql`(${id}::uuid, ${visits}::integer)`)
    await db.execute(sql`
      UPDATE ${shortLinks} SET visits = ${shortLinks}.visits + counted.visits
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS counted (id, visits)
      WHERE ${shortLinks}.id = counted.id`)
  }
}
