/**
 * The audit log (spec §3). Callers pass the transaction of the change so the entry commits with it. The SQL the
 * reads run is built in audit-query.ts (filters, search, cursor, order); here it is run and the rows returned.
 *
 * Reads (issue 10) are built for a million rows: every query orders by `ts DESC, id DESC` (NULLS LAST, as the
 * indexes of server/db/schema.ts are built), so a page is an index range scan that stops after `limit` rows; the
 * search goes through the GIN index on the generated `search` words; counts stop at a bound.
 */
import { inArray, sql, type SQL } from 'drizzle-orm'
import type { AuditExtras, AuditType } from '@contract/audit'
import type { Db } from '../db'
import { auditLog } from '../db/schema'
import { timeOrderedId } from '../lib/time-ordered-id'
import {
  AUDIT_ROW,
  auditConditions,
  countSubquery,
  NEWEST_FIRST,
  NEWEST_FIRST_SORTED,
  searchQueryOf,
  type AuditFilters,
  type AuditPosition,
} from './audit-query'

export { hasSearchWords, type AuditFilters, type AuditPosition } from './audit-query'

export interface AuditEntryInput {
  username: string
  type: AuditType
  at: Date
  extras?: AuditExtras
}

/** Writes one audit entry with `db` — pass the transaction of the change it records. */
export async function writeAudit(db: Db, entry: AuditEntryInput): Promise<string> {
  // Time-ordered: entries of one second (`ts` ties) come back in the order they were written.
  const id = timeOrderedId(entry.at)
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

/** How many candidates (entries passing every filter but the search) a search tests in order first. */
export const SEARCH_WINDOW = 3000

type PageRequest = { limit: number; offset: number; after?: AuditPosition }

/**
 * The newest SEARCH_WINDOW candidates of a search — entries passing every other filter, walked in index order — as
 * a subquery with their search words.
 */
function candidates(db: Db, filters: AuditFilters, after?: AuditPosition) {
  return db
    .select({ ...AUDIT_ROW, search: auditLog.search })
    .from(auditLog)
    .where(auditConditions(filters, after, 'omit'))
    .orderBy(NEWEST_FIRST)
    .limit(SEARCH_WINDOW)
    .as('candidates')
}

/** True when fewer than `count` entries pass every filter but the search (an index-only walk of at most `count`). */
async function fewerCandidatesThan(db: Db, filters: AuditFilters, count: number, after?: AuditPosition) {
  return (await countWhere(db, auditConditions(filters, after, 'omit'), count)) < count
}

async function countWhere(db: Db, where: SQL | undefined, max: number): Promise<number> {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(auditLog)
    .where(where)
    .limit(max)
    .as('matching')
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matching)
  return Number(row?.count ?? 0)
}

/**
 * One page, newest first: `limit` rows after `offset` others, or after the keyset position `after`.
 *
 * A search does not trust the planner's guess of how common its words are (a wrong guess cost 0.1–0.7 s at a
 * million entries): it first tests the newest SEARCH_WINDOW candidates in index order, which fills the page at once
 * for a common word; only when they hold fewer matches than a page, and there are more candidates, does it take
 * every match from the word index and sort them — cheap precisely because the word is rare there.
 */
export async function auditPage(db: Db, filters: AuditFilters, page: PageRequest): Promise<AuditRow[]> {
  if (filters.search !== undefined && page.offset === 0) {
    const query = searchQueryOf(filters.search, filters)
    const window = candidates(db, filters, page.after)
    const rows = await db
      .select({
        id: window.id,
        username: window.username,
        type: window.type,
        ts: window.ts,
        extras: window.extras,
      })
      .from(window)
      .where(sql`ts_match_vq(${window.search}, ${query}::tsquery)`)
      .orderBy(sql`${window.ts} desc nulls last, ${window.id} desc nulls last`)
      .limit(page.limit)
    if (rows.length === page.limit || (await fewerCandidatesThan(db, filters, SEARCH_WINDOW, page.after)))
      return rows
    return db
      .select(AUDIT_ROW)
      .from(auditLog)
      .where(auditConditions(filters, page.after, 'index'))
      .orderBy(NEWEST_FIRST_SORTED)
      .limit(page.limit)
  }
  const where = auditConditions(filters, page.after)
  if (page.after || page.offset === 0) {
    return db.select(AUDIT_ROW).from(auditLog).where(where).orderBy(NEWEST_FIRST).limit(page.limit)
  }
  return db
    .select(AUDIT_ROW)
    .from(auditLog)
    .where(inArray(auditLog.id, deepPageIds(db, where, page)))
    .orderBy(NEWEST_FIRST)
}

/**
 * A deep page's ids: the skipped rows are walked in the index alone (ts and id are in every ordered index), so only
 * the page's own rows are then read from the table.
 */
function deepPageIds(db: Db, where: SQL | undefined, page: PageRequest) {
  return db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(where)
    .orderBy(NEWEST_FIRST)
    .limit(page.limit)
    .offset(page.offset)
}

/** One page and, when asked, how many entries the whole view holds (counted up to a bound). */
export interface CountedPage {
  rows: AuditRow[]
  /** Entries passing the filters (the whole view, not only after the page's cursor), at most `countUpTo`. */
  count?: number
}

/** A row as `db.execute` answers it (the drivers' raw values: `ts` may come as a string). */
interface RawRow {
  id: string | null
  username: string
  type: string
  ts: number | string
  extras: Record<string, string> | string
}

function rowOf(raw: RawRow): AuditRow {
  return {
    id: raw.id as string,
    username: raw.username,
    type: raw.type,
    ts: Number(raw.ts),
    extras: typeof raw.extras === 'string' ? (JSON.parse(raw.extras) as Record<string, string>) : raw.extras,
  }
}

/**
 * One page as `auditPage` finds it, with the view's count up to `countUpTo` (when given) computed in the same
 * statement: one round trip where the page and then its count took two, and for a search's first page one walk over
 * the newest candidates serving both (before, the count walked again the candidates the page had just read).
 */
export async function auditPageWithCount(
  db: Db,
  filters: AuditFilters,
  page: PageRequest,
  countUpTo?: number,
): Promise<CountedPage> {
  if (countUpTo === undefined) return { rows: await auditPage(db, filters, page) }
  if (filters.search !== undefined) {
    if (page.offset !== 0 || page.after) {
      const rows = await auditPage(db, filters, page)
      return { rows, count: await countAuditUpTo(db, filters, countUpTo) }
    }
    return searchFirstPage(db, { ...filters, search: filters.search }, page.limit, countUpTo)
  }
  const where = auditConditions(filters, page.after)
  const total = sql<number>`${countSubquery(auditConditions(filters), countUpTo)}`.mapWith(Number)
  let rows: (AuditRow & { total: number })[]
  if (page.after || page.offset === 0) {
    rows = await db
      .select({ ...AUDIT_ROW, total })
      .from(auditLog)
      .where(where)
      .orderBy(NEWEST_FIRST)
      .limit(page.limit)
  } else {
    rows = await db
      .select({ ...AUDIT_ROW, total })
      .from(auditLog)
      .where(inArray(auditLog.id, deepPageIds(db, where, page)))
      .orderBy(NEWEST_FIRST)
  }
  // An empty page carries no count (the caller counts apart if it needs one: a page past the end).
  if (!rows.length) return { rows: [] }
  return { rows: rows.map(({ total: _total, ...row }) => row), count: rows[0].total }
}

/**
 * A search's first page and its count. One statement walks the newest SEARCH_WINDOW candidates (entries passing
 * every filter but the search) in index order and stops at the `max`-th match — a common word after a few hundred
 * candidates — keeping (id, ts) only; the page is the first `limit` of those matches, read again by id with their
 * extras. Only when fewer than `max` matched does it ask where the window ended (an index-only walk): a window not
 * full held the whole view; a full one goes on as `auditPage` and `countAuditUpTo` do — too few matches for a page,
 * the page comes from the word index; too few for the bound, the count goes on after the window (never re-reading
 * it) or, for a rare word, through the word index.
 */
async function searchFirstPage(
  db: Db,
  filters: AuditFilters & { search: string },
  limit: number,
  max: number,
): Promise<CountedPage> {
  const query = searchQueryOf(filters.search, filters)
  // The window's order is the index's, and the outer ORDER BY repeats it on the subquery's own columns: the planner
  // keeps that order without sorting, so the LIMIT stops the walk at the `max`-th match.
  const result = await db.execute(sql`
    with hits as (
      select window_.id, window_.ts from (
        select ${auditLog.id} as id, ${auditLog.ts} as ts, ${auditLog.search} as search
        from ${auditLog}
        where ${auditConditions(filters, undefined, 'omit') ?? sql`true`}
        order by ${NEWEST_FIRST}
        limit ${SEARCH_WINDOW}
      ) as window_
      where ts_match_vq(window_.search, ${query}::tsquery)
      order by window_.ts desc nulls last, window_.id desc nulls last
      limit ${max}
    ),
    page_ as (
      select entry.id, entry.username, entry.type, entry.ts, entry.extras
      from (select id from hits order by ts desc nulls last, id desc nulls last limit ${limit}) as first_
      join ${auditLog} as entry on entry.id = first_.id
    )
    select (select count(*)::int from hits) as matches, page_.*
    from (select 1) as one left join page_ on true
    order by page_.ts desc nulls last, page_.id desc nulls last`)
  const raw = (result as unknown as { rows: (RawRow & { matches: number })[] }).rows
  const matches = Number(raw[0].matches)
  let rows = raw.filter((row) => row.id !== null).map(rowOf)
  if (matches >= max) return { rows, count: max }
  const last = await windowEnd(db, filters, SEARCH_WINDOW)
  if (rows.length < limit && last)
    rows = await db
      .select(AUDIT_ROW)
      .from(auditLog)
      .where(auditConditions(filters, undefined, 'index'))
      .orderBy(NEWEST_FIRST_SORTED)
      .limit(limit)
  // A first page not full is the whole view: its count is its length (the service needs no other).
  if (rows.length < limit) return { rows, count: Math.min(rows.length, max) }
  if (!last) return { rows, count: matches }
  return { rows, count: await countOnFrom(db, filters, max, matches, SEARCH_WINDOW, last) }
}

/**
 * Where the `size` newest candidates of a search (entries passing every filter but the search; after `after`, when
 * given) end — the last of them — or null when there are fewer (they are all there is). An index-only walk.
 */
async function windowEnd(
  db: Db,
  filters: AuditFilters,
  size: number,
  after?: AuditPosition,
): Promise<AuditPosition | null> {
  const [row] = await db
    .select({ ts: auditLog.ts, id: auditLog.id })
    .from(auditLog)
    .where(auditConditions(filters, after, 'omit'))
    .orderBy(NEWEST_FIRST)
    .offset(size - 1)
    .limit(1)
  return row ? { ts: Number(row.ts), id: row.id } : null
}

/**
 * A search's count after its newest `seen` candidates held `matches` (fewer than `max`) and ended at `from`: when
 * they were dense enough that up to SEARCH_COUNT_WINDOW_MAX candidates should hold `max`, the candidates after
 * `from` are walked in order until the rest is found (those already tested are not read again); a rarer word — or
 * one whose matches thin out further back — is counted through the word index.
 */
async function countOnFrom(
  db: Db,
  filters: AuditFilters & { search: string },
  max: number,
  matches: number,
  seen: number,
  from: AuditPosition,
): Promise<number> {
  const needed = matches ? Math.ceil(((max * seen) / matches) * 1.25) : Infinity
  if (needed > SEARCH_COUNT_WINDOW_MAX) return countThroughWordIndex(db, filters, max)
  const more = needed - seen
  const found = await walkCount(db, filters, more, max - matches, from)
  if (matches + found >= max) return max
  // Fewer than `more` candidates left: every one was tested, the count is exact.
  if (!(await windowEnd(db, filters, more, from))) return matches + found
  return countThroughWordIndex(db, filters, max)
}

/**
 * The count of a rare search through the word index: the GIN bitmap of its few matches (ANDed with the other
 * filters' indexes), at most `max` rows read. The planner is kept off a sequential scan — with LIMIT it takes a rare
 * word for a common one and reads tens of thousands of rows to find `max` (42 ms on PostgreSQL at a million).
 */
async function countThroughWordIndex(
  db: Db,
  filters: AuditFilters & { search: string },
  max: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    return countWhere(tx as unknown as Db, auditConditions(filters, undefined, 'index'), max)
  })
}

/**
 * Matches among the newest `size` candidates of a search (after `after`, when given), counted up to `stopAt`: the
 * walk is in index order and stops at the `stopAt`-th match, so a common word costs a few hundred candidates.
 */
async function walkCount(
  db: Db,
  filters: AuditFilters & { search: string },
  size: number,
  stopAt: number,
  after?: AuditPosition,
): Promise<number> {
  const query = searchQueryOf(filters.search, filters)
  const window = db
    .select({ search: auditLog.search })
    .from(auditLog)
    .where(auditConditions(filters, after, 'omit'))
    .orderBy(NEWEST_FIRST)
    .limit(size)
    .as('candidates')
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(window)
    .where(sql`ts_match_vq(${window.search}, ${query}::tsquery)`)
    .limit(stopAt)
    .as('matching')
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matching)
  return Number(row?.count ?? 0)
}

/** The largest window of candidates a search's count tests in order before it turns to the word index. */
export const SEARCH_COUNT_WINDOW_MAX = 20_000

/**
 * How many entries match, counting at most `max` of them (a bounded walk, never the whole table). A search counts
 * the way its page is found, in order among the newest candidates: SEARCH_WINDOW of them, then — when the matches
 * there were too few but dense enough that up to SEARCH_COUNT_WINDOW_MAX candidates should hold `max` — that many;
 * only a word rarer than that is counted through the word index, where its matches are few.
 */
export async function countAuditUpTo(db: Db, filters: AuditFilters, max: number): Promise<number> {
  if (filters.search !== undefined) {
    const searching = { ...filters, search: filters.search }
    const matches = await walkCount(db, searching, SEARCH_WINDOW, max)
    if (matches >= max) return max
    const last = await windowEnd(db, filters, SEARCH_WINDOW)
    return last ? countOnFrom(db, searching, max, matches, SEARCH_WINDOW, last) : matches
  }
  return countWhere(db, auditConditions(filters), max)
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
