/** The Proxy Manager's blocked domains (normalised names, DESIGN §3). */
import { asc, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../db'
import { blockedDomains } from '../db/schema'

/** Every blocked domain, sorted by name (byte order: names are lower-case ASCII after normalisation). */
export async function listBlockedDomains(db: Db): Promise<string[]> {
  const rows = await db
    .select({ domain: blockedDomains.domain })
    .from(blockedDomains)
    .orderBy(asc(blockedDomains.domain))
  return rows.map((r) => r.domain).sort(byCodePoint)
}

/** The comments of the domains that have one: domain → comment. */
export async function listDomainComments(db: Db): Promise<Record<string, string>> {
  const rows = await db
    .select({ domain: blockedDomains.domain, comment: blockedDomains.comment })
    .from(blockedDomains)
    .where(isNotNull(blockedDomains.comment))
  const comments: Record<string, string> = {}
  for (const row of rows) if (row.comment !== null) comments[row.domain] = row.comment
  return comments
}

/** Inserts the domain (with its comment, or none); false when it is already there. */
export async function insertBlockedDomain(
  db: Db,
  domain: string,
  now: Date,
  comment: string | null = null,
): Promise<boolean> {
  const rows = await db
    .insert(blockedDomains)
    .values({ domain, comment, createdAt: now })
    .onConflictDoNothing()
    .returning({ domain: blockedDomains.domain })
  return rows.length > 0
}

/** Rows a bulk INSERT carries per statement (3 parameters a row stays far below either driver's limit). */
const INSERT_CHUNK = 2000

/** Inserts distinct domains in chunks; answers the set of those that were not already there. */
export async function insertBlockedDomains(
  db: Db,
  domains: readonly string[],
  now: Date,
  comment: string | null,
): Promise<Set<string>> {
  const added = new Set<string>()
  for (let at = 0; at < domains.length; at += INSERT_CHUNK) {
    const rows = await db
      .insert(blockedDomains)
      .values(domains.slice(at, at + INSERT_CHUNK).map((domain) => ({ domain, comment, createdAt: now })))
      .onConflictDoNothing()
      .returning({ domain: blockedDomains.domain })
    for (const row of rows) added.add(row.domain)
  }
  return added
}

/** Sets (or with null removes) a domain's comment; false when the domain is not on the list. */
export async function updateDomainComment(db: Db, domain: string, comment: string | null): Promise<boolean> {
  const rows = await db
    .update(blockedDomains)
    .set({ comment })
    .where(eq(blockedDomains.domain, domain))
    .returning({ domain: blockedDomains.domain })
  return rows.length > 0
}

/** Removes the domain; false when it was not there. */
export async function deleteBlockedDomain(db: Db, domain: string): Promise<boolean> {
  const rows = await db
    .delete(blockedDomains)
    .where(eq(blockedDomains.domain, domain))
    .returning({ domain: blockedDomains.domain })
  return rows.length > 0
}

/** PostgreSQL's ORDER BY follows the database collation; the answer is sorted the same on both drivers. */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
