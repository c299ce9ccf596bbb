/** The signed-in user's work hours (spec §7): read the days, log or clear one day. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { MessageBody, WorkHoursRequest, WorkHoursResponse, withErrors } from '@contract/api'
import { workHoursChange, workHoursOf } from '@server/services/work-hours'
import { runWrite } from '@server/plugins/app/write'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/work/hours',
    {
      onRequest: app.requireFeatures('getWorkHours'),
      schema: { response: withErrors({ 200: WorkHoursResponse }, 401, 403, 429, 500) },
    },
    async (request) => workHoursOf(app.db, request.session!.user.id, app.config.TZ),
  )

  app.post(
    '/work/hours',
    {
      onRequest: app.requireFeatures('addWorkHours'),
      schema: {
        body: WorkHoursRequest,
        response: withErrors({ 200: MessageBody }, 400, 401, 403, 413, 415, 422, 429, 500),
      },
    },
    async (request, reply) => runWrite(request, reply, workHoursChange(request.body)),
  )
}

export default routes
