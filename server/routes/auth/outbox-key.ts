/** GET /auth/outbox-key (issue 17): the signed-in user's key for parking unsent writes on the device. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { withErrors } from '@contract/api'
import { OutboxKeyResponse } from '@contract/api/outbox-key'
import { outboxKey } from '@server/services/outbox-key'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/outbox-key',
    {
      onRequest: app.requireSession,
      schema: { response: withErrors({ 200: OutboxKeyResponse }, 401, 429, 500) },
    },
    async (request) => {
      const { user } = request.session!
      return { username: user.username, key: outboxKey(app.config.DATA_DIR, user.id) }
    },
  )
}

export default routes
