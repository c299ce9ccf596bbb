/**
 * The audit log (spec §3). Callers pass the transaction of the change so the entry commits with it.
 *
 * Reads (issue 10) are built for a million rows: every query orders by `ts DESC, id DESC` (NULLS LAST, as the
 * indexes of server/db/schema.ts are built), so a page is an index range scan that stops after `limit` rows; the
 * search goes through the GIN index on the generated `search` words; counts stop at a bound.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm'
import { AUDIT_TYPES, type AuditExtras, type AuditType } from '../../contract/audit'
import type { Db } from '../db'
import { auditLog } from '../db/schema'

export interface AuditEntryInput {
  username: string
  type: AuditType
  at: Date
  extras?: AuditExtras
}

/** Writes one audit entry with `db` — pass the transaction of the change it records. */
export async function writeAudit(db: Db, entry: AuditEntryInput): Promise<string> {
  const id = randomUUID()
  await db.insert(auditLog).values({
    id,
    username: entry.username,
    type: entry.type,
    ts: Math.floor(entry.at.getTime() / 1000),
    extras: (entry.extras ?? {}) as Record<string, string>,
  })
  return id
}

/** One stored entry as the reads return it. */
export interface AuditRow {
  id: string
  username: string
  type: string
  ts: number
  extras: Record<string, string>
}

/** Where a keyset page starts: strictly after (older than) this entry. */
export interface AuditPosition {
  ts: number
  id: string
}

/** The filters of a read; every part is optional and they combine with AND. */
export interface AuditFilters {
  user?: string
  /** Only these types (never empty: the service answers an impossible filter itself). */
  includeTypes?: readonly string[]
  /** Not these types. */
  excludeTypes?: readonly string[]
  /** The search text (`q`); set only when `hasSearchWords`. */
  search?: string
  /** Inclusive lower bound, epoch seconds. */
  fromTs?: number
  /** Exclusive upper bound, epoch seconds. */
  beforeTs?: number
}

const SEPARATORS = /[\][ \t\n\v\f\r.,;:!?'"(){}<>/|_+=*&^%$#@~-]+/

/** A tsquery prefix lexeme: quoted, its quotes doubled and backslashes escaped (tsquery's own syntax). */
function prefix(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`
}

/** A search token that may be (the beginning of) an id: hex digits and dashes, at least 4 of them. */
const ID_PREFIX = /^[0-9a-f-]{4,}$/

/** The search text's tokens: lower-cased, cut at blanks, each once, at most 8. */
function searchTokens(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[ \t\n\v\f\r]+/)
        .filter(Boolean),
    ),
  ].slice(0, 8)
}

/** True when the search text has something to search for (not only blanks and punctuation). */
export function hasSearchWords(text: string): boolean {
  return searchTokens(text).some((token) => token.split(SEPARATORS).some(Boolean))
}

/**
 * The tsquery of a search text for the generated `search` column (server/db/schema.ts), for entries of `types`, or
 * null when it has no word. Each blank-separated token (at most 8) must match: each of its parts (cut at punctuation
 * as the names are: '9.A' is '9' and 'a') beginning a word of the user name or of a name extra — stored behind the
 * entry's type, so a part is an OR over the types ('createnote/9':* | …) — or, for a token that looks like an id (4
 * or more hex digits and dashes), the beginning of an id extra ('#…' words). Lower-cased like the column.
 */
export function auditSearchQuery(text: string, types: readonly string[]): string | null {
  const tagged = types.map((type) => `${type.toLowerCase()}/`)
  const part = (word: string) => {
    const alternatives = tagged.map((tag) => prefix(tag + word))
    return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' | ')})`
  }
  const clauses = searchTokens(text).flatMap((token) => {
    const parts = token.split(SEPARATORS).filter(Boolean)
    if (!parts.length) return []
    const names = parts.map(part).join(' & ')
    return [ID_PREFIX.test(token) ? `(${names} | ${prefix(`#${token}`)})` : names]
  })
  return clauses.length && tagged.length ? clauses.join(' & ') : null
}

function searchCondition(search: string, filters: AuditFilters): SQL {
  const excluded = new Set(filters.excludeTypes ?? [])
  const types = (filters.includeTypes ?? AUDIT_TYPES).filter((type) => !excluded.has(type))
  const query = auditSearchQuery(search, types) ?? ''
  // With a user, the (username, ts, id) index bounds the walk to that user's entries; the function form keeps the
  // planner off the GIN index, whose bitmap of a common word could cost far more than reading one user's entries.
  return filters.user === undefined
    ? sql`${auditLog.search} @@ ${query}::tsquery`
    : sql`ts_match_vq(${auditLog.search}, ${query}::tsquery)`
}

function conditions(filters: AuditFilters, after?: AuditPosition): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    filters.user === undefined ? undefined : eq(auditLog.username, filters.user),
    filters.includeTypes ? inArray(auditLog.type, [...filters.includeTypes]) : undefined,
    filters.excludeTypes?.length ? notInArray(auditLog.type, [...filters.excludeTypes]) : undefined,
    filters.search === undefined ? undefined : searchCondition(filters.search, filters),
    filters.fromTs === undefined ? undefined : gte(auditLog.ts, filters.fromTs),
    filters.beforeTs === undefined ? undefined : lt(auditLog.ts, filters.beforeTs),
    after ? sql`(${auditLog.ts}, ${auditLog.id}) < (${after.ts}, ${after.id}::uuid)` : undefined,
  ]
  return and(...parts)
}

/** Newest first, as the indexes are built (NULLS LAST must be spelled out for the planner to use them). */
const NEWEST_FIRST = sql`${auditLog.ts} desc nulls last, ${auditLog.id} desc nulls last`

const ROW = {
  id: auditLog.id,
  username: auditLog.username,
  type: auditLog.type,
  ts: auditLog.ts,
  extras: auditLog.extras,
}

/** One page, newest first: `limit` rows after `offset` others, or after the keyset position `after`. */
export async function auditPage(
  db: Db,
  filters: AuditFilters,
  page: { limit: number; offset: number; after?: AuditPosition },
): Promise<AuditRow[]> {
  const where = conditions(filters, page.after)
  if (page.after || page.offset === 0) {
    return db.select(ROW).from(auditLog).where(where).orderBy(NEWEST_FIRST).limit(page.limit)
  }
  // A deep page: the skipped rows are walked in the index alone (ts and id are in every ordered index), and only the
  // page's own rows are read from the table.
  const ids = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(where)
    .orderBy(NEWEST_FIRST)
    .limit(page.limit)
    .offset(page.offset)
  return db.select(ROW).from(auditLog).where(inArray(auditLog.id, ids)).orderBy(NEWEST_FIRST)
}

/** How many entries match, counting at most `max` of them (a bounded walk, never the whole table). */
export async function countAuditUpTo(db: Db, filters: AuditFilters, max: number): Promise<number> {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(auditLog)
    .where(conditions(filters))
    .limit(max)
    .as('matching')
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matching)
  return Number(row?.count ?? 0)
}

/**
 * Every user name that has an entry. A skip scan over the (username, ts, id) index: one index descent per user,
 * so it costs the number of users, not of entries.
 */
export async function auditUsernames(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive seen(username) as (
      (select ${auditLog.username} from ${auditLog} order by ${auditLog.username} limit 1)
      union all
      select (select a.username from ${auditLog} a where a.username > seen.username order by a.username limit 1)
      from seen where seen.username is not null
    )
    select username from seen where username is not null`)
  // Both drivers answer `{ rows }`.
  return (result as unknown as { rows: { username: string }[] }).rows.map((row) => row.username)
}

/** The whole filtered view, newest first, in keyset batches of `batchSize` (the CSV export streams it). */
export async function* auditBatches(
  db: Db,
  filters: AuditFilters,
  batchSize: number,
): AsyncGenerator<AuditRow[]> {
  let after: AuditPosition | undefined
  for (;;) {
    const rows = await auditPage(db, filters, { limit: batchSize, offset: 0, after })
    if (rows.length) yield rows
    if (rows.length < batchSize) return
    const last = rows[rows.length - 1]
    after = { ts: last.ts, id: last.id }
  }
}
