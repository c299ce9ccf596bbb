/** Liveness and database check, without authentication (the settings screen links to it). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sql } from 'drizzle-orm'
import { HealthResponse, withErrors } from '../../../contract/api'
import { MESSAGES } from '../../../contract/messages'
import { HttpError } from '../../lib/http-error'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    { schema: { response: withErrors({ 200: HealthResponse }, 429, 503) } },
    async (request) => {
      try {
        await app.db.execute(sql`select 1`)
      } catch (error) {
        request.log.error({ err: error }, 'health: database unreachable')
        throw new HttpError(503, MESSAGES.internal)
      }
      return { status: 'ok' as const, time: app.now().toISOString(), database: app.dbDriver }
    },
  )
}

export default routes
