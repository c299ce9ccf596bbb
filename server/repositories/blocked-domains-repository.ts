/** The Proxy Manager's blocked domains (normalised names, DESIGN §3). */
import { asc, eq } from 'drizzle-orm'
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

/** Inserts the domain; false when it is already there. */
export async function insertBlockedDomain(db: Db, domain: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(blockedDomains)
    .values({ domain, createdAt: now })
    .onConflictDoNothing()
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
