/**
 * The audit log's queries as SQL (issue 19: apart from their execution in audit-repository.ts): filters → WHERE
 * conditions, the search text → a tsquery over the generated `search` words (server/db/schema.ts builds them with the
 * same rules), the keyset cursor and the order the indexes provide.
 */
import { and, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm'
import { auditLog } from '../db/schema'

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

/** A tsquery lexeme: quoted, its quotes doubled and backslashes escaped (tsquery's own syntax). */
function lexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
}

/** A tsquery prefix lexeme: any word beginning with `word`. */
function prefix(word: string): string {
  return `${lexeme(word)}:*`
}

/**
 * A number or a single character is a whole word ('12' finds '12.A' and 'dolgozat-12', not '120'; 'a' in '9.A' is
 * that letter): as prefixes they would match a large part of the index and make a rare search slow.
 */
function wholeWordOnly(part: string): boolean {
  return /^\d+$/.test(part) || [...part].length < 2
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
 * The tsquery of a search text for the generated `search` column (server/db/schema.ts), or null when it has no word.
 * Each blank-separated token (at most 8) must match: each of its parts (cut at punctuation as the names are: '9.A' is
 * '9' and 'a') beginning a word of the user name or of a name extra (a number or a single character: being that
 * word, `wholeWordOnly`) — or, for a token that looks like an id (4 or more hex digits and dashes), the beginning of
 * an id extra ('#…' words). With `types`, a part is looked up among the words stored behind those types (an OR:
 * 'createnote/9':* | …), so the GIN index answers the word and the type filter together; without, among the bare
 * words (every type). Lower-cased like the column.
 */
export function auditSearchQuery(text: string, types?: readonly string[]): string | null {
  const tagged = types?.map((type) => `${type.toLowerCase()}/`) ?? ['']
  const part = (word: string) => {
    const alternatives = tagged.map((tag) => (wholeWordOnly(word) ? lexeme(tag + word) : prefix(tag + word)))
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

/**
 * The tsquery text of the filters' search: over the words of the types a type filter lets through, or the bare words
 * when there is no type filter (excluded types alone are left to the type condition: the bare word is one lexeme).
 */
export function searchQueryOf(search: string, filters: AuditFilters): string {
  if (!filters.includeTypes) return auditSearchQuery(search) ?? ''
  const excluded = new Set(filters.excludeTypes ?? [])
  return (
    auditSearchQuery(
      search,
      filters.includeTypes.filter((type) => !excluded.has(type)),
    ) ?? ''
  )
}

/**
 * How the search condition is written. `index`: `@@`, which the planner can take to the GIN index. `auto`: with a
 * user, the function form, which it cannot — that user's entries, walked in order, bound the work, where a GIN
 * bitmap of a common word would be far larger — and `index` otherwise. `omit` leaves the search out (the candidates
 * of a search).
 */
type SearchMode = 'auto' | 'index' | 'omit'

function searchCondition(search: string, filters: AuditFilters, mode: SearchMode): SQL | undefined {
  if (mode === 'omit') return undefined
  const query = searchQueryOf(search, filters)
  return mode === 'index' || filters.user === undefined
    ? sql`${auditLog.search} @@ ${query}::tsquery`
    : sql`ts_match_vq(${auditLog.search}, ${query}::tsquery)`
}

/**
 * The filters as one WHERE condition (AND of the parts given), with the keyset cursor: strictly after `after` in
 * the newest-first order. `mode` says how the search is written (SearchMode).
 */
export function auditConditions(
  filters: AuditFilters,
  after?: AuditPosition,
  mode: SearchMode = 'auto',
): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    filters.user === undefined ? undefined : eq(auditLog.username, filters.user),
    filters.includeTypes ? inArray(auditLog.type, [...filters.includeTypes]) : undefined,
    filters.excludeTypes?.length ? notInArray(auditLog.type, [...filters.excludeTypes]) : undefined,
    filters.search === undefined ? undefined : searchCondition(filters.search, filters, mode),
    filters.fromTs === undefined ? undefined : gte(auditLog.ts, filters.fromTs),
    filters.beforeTs === undefined ? undefined : lt(auditLog.ts, filters.beforeTs),
    after ? sql`(${auditLog.ts}, ${auditLog.id}) < (${after.ts}, ${after.id}::uuid)` : undefined,
  ]
  return and(...parts)
}

/** Newest first, as the indexes are built (NULLS LAST must be spelled out for the planner to use them). */
export const NEWEST_FIRST = sql`${auditLog.ts} desc nulls last, ${auditLog.id} desc nulls last`

/** The columns a read returns (AuditRow in audit-repository.ts). */
export const AUDIT_ROW = {
  id: auditLog.id,
  username: auditLog.username,
  type: auditLog.type,
  ts: auditLog.ts,
  extras: auditLog.extras,
}

/**
 * Newest first by an expression no index provides: the planner then gathers every match the cheapest way (for a
 * search, the GIN index) and sorts them, instead of walking an ordered index in the hope of meeting matches soon.
 */
export const NEWEST_FIRST_SORTED = sql`${auditLog.ts} + 0 desc nulls last, ${auditLog.id} desc nulls last`

/** The bounded count of `where` as a scalar subquery, to ride along in a page's statement (one round trip). */
export function countSubquery(where: SQL | undefined, max: number): SQL {
  return sql`(select count(*)::int from (select 1 from ${auditLog} where ${where ?? sql`true`} limit ${max}) as matching)`
}
