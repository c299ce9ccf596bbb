/** Short links (spec §3). School-wide: `created_by` is kept for the record, not for access. */
import { randomUUID } from 'node:crypto'
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
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

/**
 * One redirect: counts the visit and returns the target in one statement (atomic under concurrency), or — for an
 * expired link, which is not counted — the row with `expired`; null for an unknown code.
 */
export async function visitLink(
  db: Db,
  short: string,
  now: Date,
): Promise<{ url: string; expired: boolean } | null> {
  const [visited] = await db
    .update(shortLinks)
    .set({ visits: sql`${shortLinks.visits} + 1` })
    .where(and(eq(shortLinks.short, short), or(isNull(shortLinks.expiresAt), gt(shortLinks.expiresAt, now))))
    .returning({ url: shortLinks.url })
  if (visited) return { url: visited.url, expired: false }
  const [row] = await db
    .select({ url: shortLinks.url })
    .from(shortLinks)
    .where(eq(shortLinks.short, short))
    .limit(1)
  return row ? { url: row.url, expired: true } : null
}
