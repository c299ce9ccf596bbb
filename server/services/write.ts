/**
 * What a write is, for a service (DESIGN §3): a Change factory. The service checks the request's input first —
 * the body, anything slow such as hashing a password — outside any transaction, and returns the `Change`: the
 * function that makes the database writes with `tx` and returns `{ body, status?, audit? }`. The route hands it to
 * `runWrite` (plugins/app/write.ts), which runs it in ONE transaction with the Idempotency-Key's claim, the audit
 * entry and the stored answer. The model is `createNote` (services/notes.ts, routes/notes/index.ts):
 *
 *   export function createNote(body): Change<CreateNoteResponse> {
 *     if (!body.message.trim()) throw new HttpError(400, …)   // a 400 before any transaction
 *     return async ({ tx, now, user }) => ({ status: 201, body: …, audit: { type: 'createNote', … } })
 *   }
 *
 *   async (request, reply) => runWrite(request, reply, createNote(request.body))
 *
 * The body has passed its contract schema by then (a failure is already the field's Hungarian 400:
 * lib/schema-errors.ts); the factory checks only what a schema cannot say.
 *
 * A check that needs the database (the row exists, the caller may see it) runs inside the change and throws an
 * HttpError; a 4xx rolls the change back and is still the key's answer. Services know nothing of Fastify.
 */
import type { AuditExtras, AuditType } from '@contract/audit'
import type { Db } from '../db'
import type { SessionWithUser } from '../repositories/sessions-repository'

/** What a change gets: the transaction to write with, the request's clock reading and the signed-in user. */
export interface WriteContext {
  tx: Db
  now: Date
  user: SessionWithUser['user']
}

/**
 * An answer body already serialised in the route's response shape (made from a kept list, services/kept-lists.ts):
 * stored and sent as it is, without the serializer.
 */
export class SerialisedBody {
  constructor(readonly json: string) {}
}

export interface WriteResult<T> {
  /** The answer body, serialised with the route's response schema for `status` (or already serialised). */
  body: T | SerialisedBody
  /** Default 200. */
  status?: number
  /** The audit entry committed with the change (spec §3 catalogue); the actor is the signed-in user. */
  audit?: { type: AuditType; extras?: AuditExtras }
}

/** The database half of a write, made by a service's factory once the input is checked. */
export type Change<T> = (context: WriteContext) => Promise<WriteResult<T>>
