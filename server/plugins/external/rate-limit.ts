/** A generous per-token (else per-IP) request limit for the whole API; sign-in has its own DB throttle. */
import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import { tokenFromAuthorization } from '../../../contract/http'
import { MESSAGES } from '../../../contract/messages'
import { sha256 } from '../../lib/tokens'

export interface RateLimitOptions {
  max: number
}

export default fp<RateLimitOptions>(
  async (app, { max }) => {
    await app.register(rateLimit, {
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => {
        const token = tokenFromAuthorization(request.headers.authorization)
        return token ? `t:${sha256(token)}` : `ip:${request.ip}`
      },
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        code: context.statusCode,
        message: MESSAGES.rateLimited,
      }),
    })
  },
  { name: 'rate-limit' },
)
