/**
 * `Idempotency-Key` on writes (DESIGN §3): the same key from the same user gets the stored first answer for
 * 24 hours, so a write replayed by the offline outbox is applied once. A key reused on another method or path is 422.
 *
 * Writes that go through `runWrite` (plugins/app/write.ts) claim the key, apply the change and store the answer in ONE
 * transaction: a crash rolls all of it back and the retry runs again; a concurrent duplicate waits for the first and
 * gets its answer. This plugin answers replays of finished writes before the handler runs, and for the few writes
 * that do not use `runWrite` (naturally repeatable ones such as the settings merge) stores the answer after it was
 * sent. No key is ever held without an answer, so nothing can stay "in progress" after a crash. A 5xx is not kept.
 */
import fp from 'fastify-plugin'
import { MESSAGES } from '@contract/messages'
import { HttpError } from '@server/lib/http-error'
import {
  deleteStaleKey,
  findKey,
  storeAnswer,
  type IdempotencyRow,
} from '@server/repositories/idempotency-repository'

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
export const MAX_KEY_LENGTH = 200

/** Sends a stored answer (or refuses a key reused on another method or path). */
export function replayStored(
  request: { method: string; url: string },
  reply: import('fastify').FastifyReply,
  row: IdempotencyRow,
) {
  if (row.method !== request.method || row.path !== request.url) throw new HttpError(422, MESSAGES.badRequest)
  reply.code(row.status).header('Idempotent-Replayed', 'true')
  if (row.contentType) reply.header('Content-Type', row.contentType)
  return reply.send(row.body ?? '')
}

export default fp(
  async (app) => {
    app.decorateRequest('idempotency', null)

    app.addHook('preHandler', async (request, reply) => {
      if (!WRITES.has(request.method)) return
      const key = request.headers['idempotency-key']
      if (typeof key !== 'string' || key === '') return
      if (key.length > MAX_KEY_LENGTH) throw new HttpError(400, MESSAGES.badRequest)
      const session = request.session
      if (session?.kind !== 'session') return
      const ref = { userId: session.user.id, key }
      const now = app.now()
      await deleteStaleKey(app.db, ref, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
      const existing = await findKey(app.db, ref)
      if (existing) return replayStored(request, reply, existing)
      request.idempotency = { ...ref, method: request.method, path: request.url }
    })

    // Writes that did not go through runWrite: keep their answer after the fact (runWrite clears the claim).
    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotency
      if (!claim) return payload
      request.idempotency = null
      if (
        reply.statusCode >= 500 ||
        (typeof payload !== 'string' && payload !== null && payload !== undefined)
      ) {
        return payload
      }
      const contentType = reply.getHeader('content-type')
      await storeAnswer(
        app.db,
        { ...claim, now: app.now() },
        {
          status: reply.statusCode,
          body: payload ?? '',
          contentType: typeof contentType === 'string' ? contentType : null,
        },
      )
      return payload
    })
  },
  { name: 'idempotency', dependencies: ['auth'] },
)
