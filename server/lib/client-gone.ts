/**
 * A request whose client has gone stops its work (issue 21): `clientGone(reply)` is an AbortSignal that fires when the
 * connection closes before the answer was sent in full (the tab closed, the network lost, a proxy's timeout). Long
 * work takes it — exports building a workbook (a worker terminated: lib/spreadsheet.ts), the users import hashing
 * passwords — and stops, rejecting with the signal's reason; a streamed answer (the audit CSV) needs none: Fastify
 * destroys the stream, which ends its generator.
 *
 * The response's `close` is the one to watch: the request's own fires once its body is read, long before the answer.
 */
import type { FastifyReply } from 'fastify'

/** Thrown (as the signal's reason) into work stopped for a gone client; answered 499, which nobody reads. */
export class ClientGoneError extends Error {
  readonly statusCode = 499
  constructor() {
    super('the client went away')
    this.name = 'ClientGoneError'
  }
}

const signals = new WeakMap<FastifyReply, AbortSignal>()

/** The request's "client gone" signal; the same one however often asked. */
export function clientGone(reply: FastifyReply): AbortSignal {
  let signal = signals.get(reply)
  if (!signal) {
    const controller = new AbortController()
    signal = controller.signal
    signals.set(reply, signal)
    const res = reply.raw
    if (res.destroyed && !res.writableEnded) controller.abort(new ClientGoneError())
    else
      res.once('close', () => {
        if (!res.writableEnded) controller.abort(new ClientGoneError())
      })
  }
  return signal
}
