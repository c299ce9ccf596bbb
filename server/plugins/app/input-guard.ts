/**
 * Rejects a NUL character anywhere in a request's JSON body, path parameters or query string with 400 before any
 * handler runs: PostgreSQL text cannot hold one, so it would otherwise reach the database as a 500.
 */
import fp from 'fastify-plugin'
import { MESSAGES } from '../../../contract/messages'
import { HttpError } from '../../lib/http-error'

/** True when `value` (a parsed JSON value, params or query object) holds a NUL in any string or key. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0')
  if (value === null || typeof value !== 'object' || depth > 64) return false
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1))
  return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item, depth + 1))
}

export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
        throw new HttpError(400, MESSAGES.badRequest)
      }
    })
  },
  { name: 'input-guard' },
)
