/** Announcements: everyone signed in reads them; administrators create and delete them (DESIGN §3). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AlertIdParams, AlertsResponse, CreateAlertRequest, MessageBody, withErrors } from '@contract/api'
import { alertsList, createAlert, deleteAlert } from '@server/services/alerts-service'
import { runWrite } from '@server/plugins/app/write'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/alerts',
    {
      onRequest: app.requireSession,
      schema: { response: withErrors({ 200: AlertsResponse }, 401, 429, 500) },
    },
    async () => ({ code: 200, alerts: await alertsList(app.db) }),
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
    async (request, reply) => runWrite(request, reply, createAlert(request.body.message)),
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
    async (request, reply) => runWrite(request, reply, deleteAlert(request.params.id)),
  )
}

export default routes
