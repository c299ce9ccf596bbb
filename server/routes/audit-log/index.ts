/**
 * Rendszernapló (issue 10): one page of the audit log, the users seen, and the CSV export of the whole filtered
 * view — all read-only, feature `viewAuditLog`. The query's schema errors become Hungarian 400s in the service.
 */
import { Readable } from 'node:stream'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AuditLogExportQuery,
  AuditLogQuery,
  AuditLogResponse,
  AuditLogUsersResponse,
  withErrors,
} from '@contract/api'
import {
  auditCsvFileName,
  auditLogCsv,
  auditLogPage,
  auditLogUsers,
  refuseInvalidAuditQuery,
} from '@server/services/audit-log'

/** The CSV text, streamed (never serialised). */
const CsvText = Type.Unsafe<Readable>({})

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const timeZone = app.config.TZ

  app.get(
    '/auditlog',
    {
      onRequest: app.requireFeatures('viewAuditLog'),
      attachValidation: true,
      schema: {
        querystring: AuditLogQuery,
        response: withErrors({ 200: AuditLogResponse }, 400, 401, 403, 429, 500),
      },
    },
    async (request) => {
      refuseInvalidAuditQuery(request.validationError)
      return auditLogPage(app.db, request.query, timeZone)
    },
  )

  app.get(
    '/auditlog/users',
    {
      onRequest: app.requireFeatures('viewAuditLog'),
      schema: { response: withErrors({ 200: AuditLogUsersResponse }, 401, 403, 429, 500) },
    },
    async () => ({ users: await auditLogUsers(app.db) }),
  )

  app.get(
    '/auditlog/export.csv',
    {
      onRequest: app.requireFeatures('viewAuditLog'),
      attachValidation: true,
      schema: {
        querystring: AuditLogExportQuery,
        response: withErrors({ 200: CsvText }, 400, 401, 403, 429, 500),
      },
    },
    async (request, reply) => {
      refuseInvalidAuditQuery(request.validationError)
      // The filters are checked here, before the first byte goes out: a refusal is still a 400.
      const text = auditLogCsv(app.db, request.query, timeZone)
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${auditCsvFileName(app.now(), timeZone)}"`)
        .send(Readable.from(text))
    },
  )
}

export default routes
