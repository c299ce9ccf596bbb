/**
 * Rendszernapló (spec §3 Audit log entry, §4 Audit log, §7; DESIGN §3, §7; issue 10): the filters of a query checked
 * and turned into index-friendly conditions, one page with a bounded total, the users seen, and the CSV export of the
 * whole filtered view. Every refusal is a Hungarian 400 (contract/api/audit-log.ts AUDIT_LOG_MESSAGES).
 */
import { TZDate } from '@date-fns/tz'
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_EXACT_TOTAL_MAX,
  AUDIT_EXACT_TOTAL_MAX_SEARCH,
  AUDIT_LOG_MESSAGES,
  AUDIT_PAGE_SIZE,
  isCalendarDate,
  type AuditLogEntry,
  type AuditLogExportQuery,
  type AuditLogQuery,
  type AuditLogResponse,
} from '@contract/api'
import { AUDIT_EXTRA_KEYS, AUDIT_TYPES } from '@contract/audit'
import { csvRow } from '@contract/csv'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import {
  auditBatches,
  auditPageWithCount,
  hasSearchWords,
  auditUsernames,
  countAuditUpTo,
  type AuditFilters,
  type AuditPosition,
  type AuditRow,
} from '../repositories/audit-repository'

/** Rows a CSV export reads per query. */
const EXPORT_BATCH = 1000

function typeList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean)
}

/** Epoch seconds of the first moment of `day` ('YYYY-MM-DD') in `timeZone`. */
function dayStart(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number)
  return Math.floor(new TZDate(year, month - 1, date, timeZone).getTime() / 1000)
}

/** The day after `day`, both 'YYYY-MM-DD' (calendar arithmetic, no time zone involved). */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10)
}

function checkedDay(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  if (!isCalendarDate(value)) throw new HttpError(400, AUDIT_LOG_MESSAGES.badDate)
  return value
}

/**
 * The filters of a query, checked. `null` when no entry can match (every type excluded): the caller answers
 * without asking the database. Types: the included set (all when none is named) minus the excluded ones, sent as
 * the shorter of the include or the exclude list; all of them is no condition at all.
 */
export function auditFilters(query: AuditLogExportQuery, timeZone: string): AuditFilters | null {
  const included = typeList(query.types)
  const excluded = typeList(query.excludeTypes)
  const known = new Set<string>(AUDIT_TYPES)
  const unknown = [...new Set([...included, ...excluded].filter((type) => !known.has(type)))]
  if (unknown.length)
    throw new HttpError(400, AUDIT_LOG_MESSAGES.unknownTypes.replace('{types}', unknown.join(', ')))
  const from = checkedDay(query.from)
  const to = checkedDay(query.to)
  if (from && to && from > to) throw new HttpError(400, AUDIT_LOG_MESSAGES.dateOrder)

  const filters: AuditFilters = {}
  const chosen = new Set<string>(included.length ? included : AUDIT_TYPES)
  for (const type of excluded) chosen.delete(type)
  if (chosen.size === 0) return null
  if (chosen.size < AUDIT_TYPES.length) {
    if (chosen.size <= AUDIT_TYPES.length / 2) filters.includeTypes = [...chosen]
    else filters.excludeTypes = AUDIT_TYPES.filter((type) => !chosen.has(type))
  }
  const user = query.user?.trim()
  if (user) filters.user = user
  if (query.q && hasSearchWords(query.q)) filters.search = query.q
  if (from) filters.fromTs = dayStart(from, timeZone)
  if (to) filters.beforeTs = dayStart(nextDay(to), timeZone)
  return filters
}

const CURSOR = /^(\d{1,15})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

function cursorOf(row: AuditRow): string {
  return `${row.ts}_${row.id}`
}

function parseCursor(cursor: string): AuditPosition {
  const match = CURSOR.exec(cursor)
  if (!match) throw new HttpError(400, AUDIT_LOG_MESSAGES.badCursor)
  return { ts: Number(match[1]), id: match[2] }
}

const EXTRA_KEYS = new Set<string>(AUDIT_EXTRA_KEYS)

/** A stored row as the spec's entry: `_id`, `user`, `action {type, timestamp}` and its extras at the top level. */
export function toEntry(row: AuditRow): AuditLogEntry {
  const entry: AuditLogEntry = {
    _id: row.id,
    user: row.username,
    action: { type: row.type, timestamp: row.ts },
  }
  for (const [key, value] of Object.entries(row.extras ?? {}))
    if (EXTRA_KEYS.has(key) && typeof value === 'string') (entry as Record<string, unknown>)[key] = value
  return entry
}

/**
 * GET /auditlog: one page, newest first. `total` is counted exactly up to AUDIT_EXACT_TOTAL_MAX (with a search,
 * AUDIT_EXACT_TOTAL_MAX_SEARCH); past it, it is that number with `totalIsEstimate` ("more than"). The last page (not
 * full) gives the exact total without counting.
 */
export async function auditLogPage(
  db: Db,
  query: AuditLogQuery,
  timeZone: string,
): Promise<AuditLogResponse> {
  const after = query.cursor ? parseCursor(query.cursor) : undefined
  const filters = auditFilters(query, timeZone)
  const limit = query.limit ?? AUDIT_PAGE_SIZE
  if (!filters) return { logs: [], total: 0, totalIsEstimate: false, nextCursor: null }
  const offset = after ? 0 : ((query.page ?? 1) - 1) * limit
  const bound = filters.search ? AUDIT_EXACT_TOTAL_MAX_SEARCH : AUDIT_EXACT_TOTAL_MAX
  // The count rides along with the page (one statement) unless a page by number past the bound cannot need it.
  const mayCount = Boolean(after) || offset + limit <= bound
  const page = await auditPageWithCount(
    db,
    filters,
    { limit, offset, after },
    mayCount ? bound + 1 : undefined,
  )
  const rows = page.rows
  const full = rows.length === limit
  let total: number
  let exact: boolean
  if (!after && !full && (rows.length > 0 || offset === 0)) {
    // The last page: everything before it plus what it holds, however many that is.
    total = offset + rows.length
    exact = true
  } else if (!after && full && offset + limit > bound) {
    total = bound
    exact = false
  } else {
    const counted = page.count ?? (await countAuditUpTo(db, filters, bound + 1))
    exact = counted <= bound
    total = exact ? counted : bound
  }
  return {
    logs: rows.map(toEntry),
    total,
    totalIsEstimate: !exact,
    nextCursor: full ? cursorOf(rows[rows.length - 1]) : null,
  }
}

const collator = new Intl.Collator('hu')

/** GET /auditlog/users: every user name with an entry, in Hungarian order. */
export async function auditLogUsers(db: Db): Promise<string[]> {
  return (await auditUsernames(db)).sort(collator.compare)
}

/** 'yyyy-MM-dd HH:mm:ss' in the school's time zone (the sv-SE format is ISO-like). */
function timeFormatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  })
}

/** The CSV file name: auditlog-<today in the school's time zone>.csv. */
export function auditCsvFileName(now: Date, timeZone: string): string {
  return `auditlog-${timeFormatter(timeZone).format(now).slice(0, 10)}.csv`
}

/**
 * The CSV export: the filters are checked first (a refusal is a 400 before anything is sent), then the text comes
 * batch by batch — a UTF-8 BOM (spreadsheets then read the accents right), the header row, one record per entry,
 * newest first, every cell formula-safe. A client that goes away stops it: Fastify destroys the stream, which ends
 * this generator at its next batch (lib/client-gone.ts).
 */
export function auditLogCsv(db: Db, query: AuditLogExportQuery, timeZone: string): AsyncGenerator<string> {
  const filters = auditFilters(query, timeZone)
  const format = timeFormatter(timeZone)
  return (async function* () {
    auditExports.running++
    try {
      yield `\uFEFF${csvRow(AUDIT_CSV_COLUMNS)}`
      if (!filters) return
      yield* csvBatches(db, filters, format)
    } finally {
      auditExports.running--
    }
  })()
}

/** Exports being sent now, and batches read by all of them (tests: a gone client's export stops reading). */
export const auditExports = { running: 0, batches: 0 }

async function* csvBatches(
  db: Db,
  filters: AuditFilters,
  format: Intl.DateTimeFormat,
): AsyncGenerator<string> {
  for await (const rows of auditBatches(db, filters, EXPORT_BATCH)) {
    auditExports.batches++
    yield rows
      .map((row) =>
        csvRow([
          row.id,
          String(row.ts),
          format.format(new Date(row.ts * 1000)),
          row.username,
          row.type,
          ...AUDIT_EXTRA_KEYS.map((key) => {
            const value = row.extras?.[key]
            return typeof value === 'string' ? value : ''
          }),
        ]),
      )
      .join('')
  }
}
