/**
 * Hand merge, kept: marking done (a PUT without a body) names the report by the item's url in `withBugReportWrite`.
 *
 * Bug reports (issue 11): GET /bug-reports (administrators), and two writes through the outbox — filing a report
 * (POST /bug-reports, anyone signed in) and marking one done (PUT /bug-reports/:id/done). A report filed without
 * network waits in the outbox ('Elküldésre vár'), survives a reload and reaches the server once (its Idempotency-Key
 * is the outbox item's id).
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BugReport, BugReportsResponse, CreateBugReportRequest } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { apiRequest } from '../lib/api-client'
import { textLabel, useQueuedMutation, type OutboxItem } from '../lib/outbox'

export const BUG_REPORT_MESSAGES = {
  sent: 'Hibabejelentés elküldve. Köszönjük!',
  queued: 'Nincs hálózat – a hibabejelentés elküldésre vár.',
  failed: 'Hiba történt a hibabejelentés elküldése közben.',
  done: 'Hibabejelentés késznek jelölve.',
  doneQueued: 'Nincs hálózat – a jelölés elküldésre vár.',
  doneFailed: 'Hiba történt a hibabejelentés jelölése közben.',
} as const

export interface BugReportsData {
  bugReports: BugReport[]
  date: Date | null
}

export async function getBugReports(signal?: AbortSignal): Promise<BugReportsData> {
  const { data, date } = await apiRequest<BugReportsResponse>('/bug-reports', { signal })
  return { bugReports: Array.isArray(data?.bugReports) ? data.bugReports : [], date }
}

export const bugReportsQuery = () =>
  queryOptions({
    queryKey: queryKeyOf('bugReports'),
    queryFn: ({ signal }) => getBugReports(signal),
  })

export function useBugReports() {
  return useQuery(bugReportsQuery())
}

/** One write: a new report, or marking one done. */
export type BugReportWrite =
  { kind: 'file'; report: CreateBugReportRequest } | { kind: 'done'; id: string; message: string }

function request(write: BugReportWrite) {
  return write.kind === 'file'
    ? {
        method: 'POST' as const,
        url: '/bug-reports',
        body: write.report as CreateBugReportRequest | undefined,
        label: textLabel('Hibabejelentés', write.report.message),
        expectCode: 201,
      }
    : {
        method: 'PUT' as const,
        url: `/bug-reports/${encodeURIComponent(write.id)}/done`,
        body: undefined,
        label: textLabel('Hibabejelentés kész', write.message),
        expectCode: 200,
      }
}

const DONE_URL = /^\/bug-reports\/([^/]+)\/done$/

/**
 * The administrators' list with one write applied, set-not-append: marking done sets doneAt (already set stays);
 * a new report is not shown in the list until the server has it (the reporter does not see the list).
 */
export function withBugReportWrite(
  current: BugReportsData | undefined,
  _body: CreateBugReportRequest | undefined,
  item: OutboxItem,
): BugReportsData {
  const bugReports = current?.bugReports ?? []
  const date = current?.date ?? null
  const match = item.method === 'PUT' ? DONE_URL.exec(item.url) : null
  if (!match) return current ?? { bugReports, date }
  const id = decodeURIComponent(match[1])
  const doneAt = new Date(item.createdAt).toISOString()
  return {
    bugReports: bugReports.map((report) =>
      report.id === id && !report.doneAt ? { ...report, doneAt, doneBy: report.doneBy ?? '' } : report,
    ),
    date,
  }
}

const filed = (write: BugReportWrite) => write.kind === 'file'

/** Filing and marking done: one outbox writer for the bug reports query. */
export function useBugReportWrites() {
  return useQueuedMutation({
    key: bugReportsQuery().queryKey,
    request,
    optimistic: withBugReportWrite,
    messages: {
      sent: (write) => (filed(write) ? BUG_REPORT_MESSAGES.sent : BUG_REPORT_MESSAGES.done),
      failed: (write) => (filed(write) ? BUG_REPORT_MESSAGES.failed : BUG_REPORT_MESSAGES.doneFailed),
      queued: (write) => (filed(write) ? BUG_REPORT_MESSAGES.queued : BUG_REPORT_MESSAGES.doneQueued),
    },
  })
}
