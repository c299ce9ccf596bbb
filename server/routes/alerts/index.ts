/** Announcements: everyone signed in reads them; administrators create and delete them (DESIGN §3). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AlertIdParams,
  AlertsResponse,
  CreateAlertRequest,
  MessageBody,
  withErrors,
} from '../../../contract/api'
import { MESSAGES } from '../../../contract/messages'
import { HttpError } from '../../lib/http-error'
import { createAlert, deleteAlert, listAlerts } from '../../repositories/alerts-repository'
import { writeAudit } from '../../repositories/audit-repository'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/alerts',
    {
      onRequest: app.requireSession,
      schema: { response: withErrors({ 200: AlertsResponse }, 401, 429, 500) },
    },
    async () => {
      const alerts = await listAlerts(app.db)
      return { code: 200, alerts: alerts.map((a) => ({ id: a.id, _id: a.id, message: a.message })) }
    },
  )

  app.post(
    '/alerts',
    {
      onRequest: app.requireFeatures('createAdminAlert'),
      schema: {
        body: CreateAlertRequest,
        response: withErrors({ 201: AlertsResponse }, 400, 401, 403, 413, 415, 429, 500),
      },
    },
    async (request, reply) => {
      const message = request.body.message.trim()
      if (!message) throw new HttpError(400, MESSAGES.badRequest)
      const now = app.now()
      await app.db.transaction(async (tx) => {
        await createAlert(tx, message, now)
        await writeAudit(tx, { username: request.session!.user.username, type: 'createAdminAlert', at: now })
      })
      const alerts = await listAlerts(app.db)
      reply.code(201)
      return { code: 201, alerts: alerts.map((a) => ({ id: a.id, _id: a.id, message: a.message })) }
    },
  )

  app.delete(
    '/alerts/:id',
    {
      onRequest: app.requireFeatures('createAdminAlert'),
      schema: {
        params: AlertIdParams,
        response: withErrors({ 200: MessageBody }, 400, 401, 403, 404, 429, 500),
      },
    },
    async (request) => {
      if (!(await deleteAlert(app.db, request.params.id))) throw new HttpError(404, MESSAGES.notFound)
      return { code: 200, message: 'Értesítés törölve.' }
    },
  )
}

export default routes
