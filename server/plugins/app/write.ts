/**
 * The one path of a write (DESIGN §3): `runWrite` runs a service's `Change` (services/write.ts) in ONE database
 * transaction with
 *
 *   1. the claim of the request's Idempotency-Key (when it has one),
 *   2. the change,
 *   3. its audit entry (when the change names one),
 *   4. the stored answer of the key,
 *
 * and commits. A crash (kill -9) rolls all of it back, so a retry with the same key runs again. A concurrent
 * duplicate waits for the first (PostgreSQL: the INSERT of the same key blocks on the primary key until the first
 * commits; PGlite runs one transaction at a time) and gets its stored answer; a later replay gets it too and
 * applies nothing. A 4xx the change throws (HttpError) rolls back the change but is kept as the key's answer, as
 * the answer of a finished request; anything else (5xx, a bug, a lost connection) keeps nothing. A 4xx the service's
 * factory throws before the transaction is kept by the idempotency plugin after it was sent, like any answer.
 *
 * A route handler stays thin: schema, pre-handler, then
 *
 *   async (request, reply) => runWrite(request, reply, createNote(request.body))
 *
 * Not a plugin: the request half (replays, the claim) is plugins/app/idempotency.ts; this is its transaction.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { MESSAGES } from '@contract/messages'
import type { Db } from '@server/db'
import { HttpError } from '@server/lib/http-error'
import { writeAudit } from '@server/repositories/audit-repository'
import {
  completeKey,
  deleteStaleKey,
  findKey,
  insertClaim,
  type IdempotencyRow,
  type StoredAnswer,
} from '@server/repositories/idempotency-repository'
import { SerialisedBody, type Change } from '@server/services/write'
import { IDEMPOTENCY_TTL_MS, replayStored } from './idempotency'

const JSON_TYPE = 'application/json; charset=utf-8'

type Outcome =
  | { kind: 'done'; answer: StoredAnswer }
  | { kind: 'refused'; error: HttpError }
  | { kind: 'replay'; row: IdempotencyRow }

/** Runs `change` as the request's write (see the file comment) and sends its answer. Needs a signed-in session. */
export async function runWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  change: Change<T>,
): Promise<FastifyReply> {
  const outcome = await transact(request, reply, change, request.idempotency)
  // The key is answered: the plugin's after-the-fact store must not run.
  request.idempotency = null
  if (outcome.kind === 'replay') return replayStored(request, reply, outcome.row)
  if (outcome.kind === 'refused') throw outcome.error
  return reply.code(outcome.answer.status).type(JSON_TYPE).send(outcome.answer.body)
}

/**
 * `runWrite` for a write that sends its answer itself, after progress it streamed (the import's NDJSON): the same
 * transaction, but the answer comes back — a refused change's 4xx and a replay's stored answer too — instead of
 * being sent. `claim` is the request's Idempotency-Key claim as it was before anything was sent (sending clears
 * `request.idempotency`).
 */
export async function commitWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  change: Change<T>,
  claim: FastifyRequest['idempotency'],
): Promise<StoredAnswer> {
  const outcome = await transact(request, reply, change, claim)
  if (outcome.kind === 'done') return outcome.answer
  const error =
    outcome.kind === 'refused'
      ? outcome.error
      : outcome.row.method !== request.method || outcome.row.path !== request.url
        ? new HttpError(422, MESSAGES.badRequest)
        : null
  if (error)
    return {
      status: error.statusCode,
      body: JSON.stringify({ code: error.statusCode, message: error.message }),
      contentType: JSON_TYPE,
    }
  const row = (outcome as { row: IdempotencyRow }).row
  return { status: row.status, body: row.body ?? '', contentType: row.contentType ?? JSON_TYPE }
}

async function transact<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  change: Change<T>,
  claim: FastifyRequest['idempotency'],
): Promise<Outcome> {
  const app = request.server
  const session = request.session
  if (session?.kind !== 'session') throw new HttpError(401, MESSAGES.notLoggedIn)
  const now = app.now()

  const apply = async (tx: Db): Promise<StoredAnswer> => {
    const result = await change({ tx, now, user: session.user })
    if (result.audit) {
      await writeAudit(tx, {
        username: session.user.username,
        type: result.audit.type,
        at: now,
        extras: result.audit.extras,
      })
    }
    const status = result.status ?? 200
    reply.code(status)
    const body =
      result.body instanceof SerialisedBody ? result.body.json : (reply.serialize(result.body) as string)
    return { status, body, contentType: JSON_TYPE }
  }

  return app.db.transaction(async (tx): Promise<Outcome> => {
    if (!claim) return { kind: 'done', answer: await apply(tx) }
    await deleteStaleKey(tx, claim, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
    if (!(await insertClaim(tx, { ...claim, now }))) {
      const row = await findKey(tx, claim)
      if (!row) throw new Error('idempotency key vanished')
      return { kind: 'replay', row }
    }
    let result: Outcome
    try {
      // A savepoint: a refused change rolls back alone, and its answer is still stored with the key.
      result = { kind: 'done', answer: await tx.transaction(apply) }
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error
      result = { kind: 'refused', error }
    }
    const answer =
      result.kind === 'refused'
        ? {
            status: result.error.statusCode,
            body: JSON.stringify({ code: result.error.statusCode, message: result.error.message }),
            contentType: JSON_TYPE,
          }
        : (result as { answer: StoredAnswer }).answer
    await completeKey(tx, claim, answer)
    return result
  })
}
