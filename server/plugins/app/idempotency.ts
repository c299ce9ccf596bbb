/**
 * `Idempotency-Key` on writes (DESIGN §3): the same key from the same user gets the stored first answer for
 * 24 hours, so a write replayed by the offline outbox is applied once. A 5xx answer is not kept (a retry runs again);
 * a key reused on another method or path is 422; a replay while the first request still runs is 409.
 */
import fp from 'fastify-plugin'
import { MESSAGES } from '../../../contract/messages'
import { HttpError } from '../../lib/http-error'
import { claimKey, completeKey, releaseKey } from '../../repositories/idempotency-repository'

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

export default fp(
  async (app) => {
    app.decorateRequest('idempotency', null)

    app.addHook('preHandler', async (request, reply) => {
      if (!WRITES.has(request.method)) return
      const key = request.headers['idempotency-key']
      if (typeof key !== 'string' || key === '') return
      if (key.length > 200) throw new HttpError(400, MESSAGES.badRequest)
      const session = request.session
      if (session?.kind !== 'session') return
      const now = app.now()
      const existing = await claimKey(
        app.db,
        { userId: session.user.id, key, method: request.method, path: request.url, now },
        new Date(now.getTime() - IDEMPOTENCY_TTL_MS),
      )
      if (!existing) {
        request.idempotency = { userId: session.user.id, key }
        return
      }
      if (existing.method !== request.method || existing.path !== request.url) {
        throw new HttpError(422, MESSAGES.badRequest)
      }
      if (existing.status === 0) throw new HttpError(409, MESSAGES.idempotencyConflict)
      reply.code(existing.status).header('Idempotent-Replayed', 'true')
      if (existing.contentType) reply.header('Content-Type', existing.contentType)
      return reply.send(existing.body ?? '')
    })

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotency
      if (!claim) return payload
      request.idempotency = null
      if (reply.statusCode >= 500 || (typeof payload !== 'string' && payload !== null && payload !== undefined)) {
        await releaseKey(app.db, claim.userId, claim.key)
        return payload
      }
      const contentType = reply.getHeader('content-type')
      await completeKey(app.db, claim.userId, claim.key, {
        status: reply.statusCode,
        body: payload ?? '',
        contentType: typeof contentType === 'string' ? contentType : null,
      })
      return payload
    })

    // A request that dies before answering must not leave its key claimed forever.
    app.addHook('onRequestAbort', async (request) => {
      const claim = request.idempotency
      if (claim) await releaseKey(app.db, claim.userId, claim.key)
    })
  },
  { name: 'idempotency', dependencies: ['auth'] },
)
