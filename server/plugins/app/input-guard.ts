/**
 * Rejects text PostgreSQL cannot store or would store changed, with 400 before any handler runs: a NUL character
 * (PostgreSQL text cannot hold one) or a lone UTF-16 surrogate (PostgreSQL refuses it in JSON and PGlite stores it
 * as U+FFFD) in a request's JSON body, path parameters or query string. A lone surrogate arrives either as a JSON
 * escape (`"\ud800"`, which JSON.parse turns into one), checked in the parsed values, or as its raw bytes (`ED A0 80`,
 * invalid UTF-8, which decoding would silently turn into U+FFFD), checked on the body's bytes before they are decoded
 * (`jsonBodyText`, the app's JSON parser's first step). A route with a body schema gets a body: `null` or an empty
 * body is 400 too.
 */
import { isUtf8 } from 'node:buffer'
import fp from 'fastify-plugin'
import { MESSAGES } from '@contract/messages'
import { HttpError } from '@server/lib/http-error'

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/

/** True when `text` holds a NUL or a lone surrogate. */
function badText(text: string): boolean {
  return text.includes('\0') || LONE_SURROGATE.test(text)
}

/** True when `value` (a parsed JSON value, params or query object) holds a NUL or a lone surrogate in any string or key. */
export function containsBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return badText(value)
  if (value === null || typeof value !== 'object' || depth > 64) return false
  if (Array.isArray(value)) return value.some((item) => containsBadText(item, depth + 1))
  return Object.entries(value).some(([key, item]) => badText(key) || containsBadText(item, depth + 1))
}

/** A JSON body's text; 400 when its bytes are not valid UTF-8 (a surrogate's raw bytes are not). */
export function jsonBodyText(body: Buffer): string {
  if (!isUtf8(body)) throw new HttpError(400, MESSAGES.badRequest)
  return body.toString('utf8')
}

export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      // A route that reads a body gets one: JSON `null` or none at all would reach its handler as no object.
      if (request.routeOptions.schema?.body && (request.body === null || request.body === undefined)) {
        throw new HttpError(400, MESSAGES.badRequest)
      }
      if (
        containsBadText(request.params) ||
        containsBadText(request.query) ||
        containsBadText(request.body)
      ) {
        throw new HttpError(400, MESSAGES.badRequest)
      }
    })
  },
  { name: 'input-guard' },
)
