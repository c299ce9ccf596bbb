/** Bug reports (issue 11): filing (anyone signed in), listing and marking done (administrators); the writes are Change factories for `runWrite`. */
import type {
  BugReport,
  BugReportResponse,
  CreateBugReportRequest,
  CreateBugReportResponse,
} from '@contract/api'
import { BUG_REPORT_LIMITS } from '@contract/api/bug-reports'
import { MESSAGES } from '@contract/messages'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import { isUuid } from '../lib/uuid'
import {
  insertBugReport,
  listBugReports,
  markBugReportDone,
  type BugReportRow,
} from '../repositories/bug-reports-repository'
import type { Change } from './write'

function toBugReport(row: BugReportRow): BugReport {
  return {
    id: row.id,
    username: row.username,
    message: row.message,
    screen: row.screen,
    appVersion: row.appVersion,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt ? row.doneAt.toISOString() : null,
    doneBy: row.doneBy,
  }
}

export async function bugReportsList(db: Db): Promise<BugReport[]> {
  return (await listBugReports(db)).map(toBugReport)
}

/** Stores a report of the signed-in user (201). The User-Agent header is kept, cut to its limit; nothing else of the request. */
export function fileBugReport(
  body: CreateBugReportRequest,
  userAgent: string | undefined,
): Change<CreateBugReportResponse> {
  const message = body.message.trim()
  if (!message) throw new HttpError(400, MESSAGES.badRequest)
  return async ({ tx, now, user }) => {
    const row = await insertBugReport(
      tx,
      {
        username: user.username,
        message,
        screen: body.screen.trim(),
        appVersion: body.appVersion.trim(),
        userAgent: userAgent ? userAgent.slice(0, BUG_REPORT_LIMITS.userAgentMax) : null,
      },
      now,
    )
    return { status: 201, body: { code: 201, message: 'Hibabejelentés elküldve.', id: row.id } }
  }
}

/** Marks a report done (an administrator); a second marking keeps the first. An id that is not a UUID is 404. */
export function markDone(id: string): Change<BugReportResponse> {
  if (!isUuid(id)) throw new HttpError(404, MESSAGES.notFound)
  return async ({ tx, now, user }) => {
    const row = await markBugReportDone(tx, id, user.username, now)
    if (!row) throw new HttpError(404, MESSAGES.notFound)
    return { body: { code: 200, bugReport: toBugReport(row) } }
  }
}
