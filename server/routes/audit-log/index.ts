/**
 * Rendszernapló (issue 10): one page of the audit log, the users seen, and the CSV export of the whole filtered
 * view — all read-only, feature `viewAuditLog`. The query's schema errors are Hungarian 400s (the messages are on
 * the contract's AuditLogQuery); the filters the schema cannot check are the service's.
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
import { auditCsvFileName, auditLogCsv, auditLogPage, auditLogUsers } from '@server/services/audit-log'

/** The CSV text, streamed (never serialised). */
const CsvText = Type.Unsafe<Readable>({})

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const timeZone = app.config.TZ

  app.get(
    '/auditlog',
    {
      onRequest: app.requireFeatures('viewAuditLog'),
      schema: {
        querystring: AuditLogQuery,
        response: withErrors({ 200: AuditLogResponse }, 400, 401, 403, 429, 500),
      },
    },
    async (request) => auditLogPage(app.db, request.query, timeZone),
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
      schema: {
        querystring: AuditLogExportQuery,
        response: withErrors({ 200: CsvText }, 400, 401, 403, 429, 500),
      },
    },
    async (request, reply) => {
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
