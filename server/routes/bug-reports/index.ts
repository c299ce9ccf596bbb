/** Bug reports (issue 11): anyone signed in files one; administrators (manageUsers) list them and mark one done. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  BugReportIdParams,
  BugReportResponse,
  BugReportsResponse,
  CreateBugReportRequest,
  CreateBugReportResponse,
  WRITE_ERRORS,
  withErrors,
} from '@contract/api'
import { bugReportsList, fileBugReport, markDone } from '@server/services/bug-reports'
import { runWrite } from '@server/plugins/app/write'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/bug-reports',
    {
      onRequest: app.requireSession,
      schema: {
        body: CreateBugReportRequest,
        response: withErrors({ 201: CreateBugReportResponse }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) =>
      runWrite(request, reply, fileBugReport(request.body, request.headers['user-agent'])),
  )

  app.get(
    '/bug-reports',
    {
      onRequest: app.requireFeatures('manageUsers'),
      schema: { response: withErrors({ 200: BugReportsResponse }, 401, 403, 429, 500) },
    },
    async () => ({ code: 200, bugReports: await bugReportsList(app.db) }),
  )

  app.put(
    '/bug-reports/:id/done',
    {
      onRequest: app.requireFeatures('manageUsers'),
      schema: {
        params: BugReportIdParams,
        response: withErrors({ 200: BugReportResponse }, ...WRITE_ERRORS, 404),
      },
    },
    async (request, reply) => runWrite(request, reply, markDone(request.params.id)),
  )
}

export default routes
