/**
 * Rendszernapló endpoints (spec §7 GET /auditlog; issue 10): one page of the log (an infinite query, page size 20),
 * the users seen (the Felhasználók filter), and the CSV export of the whole filtered view. Kept free of date-fns and
 * React components: the screen registry imports `prefetchAuditLog` (../prefetch.ts) to warm the first page for
 * offline use.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { AuditLogResponse, AuditLogUsersResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { AUDIT_PAGE_SIZE } from '@contract/api/audit-log'
import { apiDownload, apiRequest } from '@/lib/api-client'
import { queryString } from '../audit-filters'
import { saveBlob } from '@/lib/save-file'

/** What the screen asks for (the screen's filters, already turned into the query: see audit-filters.ts). */
export type AuditLogParams = Readonly<Record<string, string>>

/** Where a page starts: its number (the spec's paging) and, after the first page, the server's keyset cursor. */
export interface AuditPageParam {
  page: number
  cursor: string | null
}

export interface AuditLogPage {
  /** The entries as they came: the screen checks each one (a malformed entry shows 'Hibás napló bejegyzés'). */
  logs: unknown[]
  total: number
  totalIsEstimate: boolean
  nextCursor: string | null
  /** When the server (or the service worker's cached copy) answered: feeds the offline marker. */
  date: Date | null
}

/** A fetch failure in the spec's sense (§8): a non-ok answer, or one without a logs array. */
export class AuditLogLoadError extends Error {
  constructor() {
    super('Hiba történt az audit napló betöltése közben.')
    this.name = 'AuditLogLoadError'
  }
}

function withQuery(path: string, params: Record<string, string | number>): string {
  return `${path}${queryString(params)}`
}

/** GET /auditlog: one page, newest first. */
export async function getAuditLogPage(
  params: AuditLogParams,
  pageParam: AuditPageParam,
  signal?: AbortSignal,
): Promise<AuditLogPage> {
  const query: Record<string, string | number> = { ...params, page: pageParam.page, limit: AUDIT_PAGE_SIZE }
  if (pageParam.cursor) query.cursor = pageParam.cursor
  const { data, date } = await apiRequest<Partial<AuditLogResponse> | null>(withQuery('/auditlog', query), {
    signal,
  })
  if (!data || !Array.isArray(data.logs)) throw new AuditLogLoadError()
  const logs: unknown[] = data.logs
  return {
    logs,
    total: typeof data.total === 'number' ? data.total : logs.length,
    totalIsEstimate: data.totalIsEstimate === true,
    nextCursor: typeof data.nextCursor === 'string' ? data.nextCursor : null,
    date,
  }
}

const FIRST_PAGE: AuditPageParam = { page: 1, cursor: null }

/**
 * The log for one set of filters: a new set is a new key, so a filter change starts again at page 1 (spec §4).
 * More pages exist while a full page of 20 came back.
 */
export const auditLogQuery = (params: AuditLogParams) =>
  infiniteQueryOptions({
    queryKey: queryKeyOf('auditLog', params),
    queryFn: ({ pageParam, signal }) => getAuditLogPage(params, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, _pages, lastParam): AuditPageParam | undefined =>
      lastPage.logs.length >= AUDIT_PAGE_SIZE
        ? { page: lastParam.page + 1, cursor: lastPage.nextCursor }
        : undefined,
  })

export function useAuditLog(params: AuditLogParams) {
  return useInfiniteQuery(auditLogQuery(params))
}

/** GET /auditlog/users: the user names that have entries, for the Felhasználók filter. */
export async function getAuditLogUsers(signal?: AbortSignal): Promise<string[]> {
  const { data } = await apiRequest<Partial<AuditLogUsersResponse> | null>('/auditlog/users', { signal })
  return Array.isArray(data?.users)
    ? data.users.filter((user): user is string => typeof user === 'string')
    : []
}

export const auditLogUsersQuery = () =>
  queryOptions({
    queryKey: queryKeyOf('auditLogUsers'),
    queryFn: ({ signal }) => getAuditLogUsers(signal),
  })

export function useAuditLogUsers() {
  return useQuery(auditLogUsersQuery())
}

/**
 * Downloads the whole filtered view (every page, streamed by the server) as CSV, under `fileName`.
 * GET /auditlog/export.csv with the same filters as the list.
 */
export async function downloadAuditLogCsv(params: AuditLogParams, fileName: string): Promise<void> {
  const blob = await apiDownload(withQuery('/auditlog/export.csv', params))
  saveBlob(fileName, blob)
}
