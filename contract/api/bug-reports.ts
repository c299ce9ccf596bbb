/**
 * Bug reports from inside the app (issue 11, `featurePreview:builtinTicketForm`): anyone signed in files one;
 * administrators (feature manageUsers) list them newest first and mark one done. The client adds its version and
 * screen; the server adds the user, the time and the User-Agent header — never the token.
 */
import { Type, type Static } from '@sinclair/typebox'
import { strict } from './common'

export const BUG_REPORT_LIMITS = {
  messageMax: 2000,
  screenMax: 200,
  versionMax: 50,
  userAgentMax: 500,
} as const

export const CreateBugReportRequest = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: BUG_REPORT_LIMITS.messageMax }),
    screen: Type.String({ maxLength: BUG_REPORT_LIMITS.screenMax }),
    appVersion: Type.String({ maxLength: BUG_REPORT_LIMITS.versionMax }),
  },
  strict,
)
export type CreateBugReportRequest = Static<typeof CreateBugReportRequest>

export const BugReport = Type.Object({
  id: Type.String(),
  username: Type.String(),
  message: Type.String(),
  screen: Type.String(),
  appVersion: Type.String(),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  doneAt: Type.Union([Type.String(), Type.Null()]),
  doneBy: Type.Union([Type.String(), Type.Null()]),
})
export type BugReport = Static<typeof BugReport>

export const BugReportsResponse = Type.Object({ code: Type.Integer(), bugReports: Type.Array(BugReport) })
export type BugReportsResponse = Static<typeof BugReportsResponse>

export const CreateBugReportResponse = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  id: Type.String(),
})
export type CreateBugReportResponse = Static<typeof CreateBugReportResponse>

export const BugReportResponse = Type.Object({ code: Type.Integer(), bugReport: BugReport })
export type BugReportResponse = Static<typeof BugReportResponse>

/** Any text is accepted; one that is not a UUID names no report (404). */
export const BugReportIdParams = Type.Object({ id: Type.String({ maxLength: 200 }) })
export type BugReportIdParams = Static<typeof BugReportIdParams>
