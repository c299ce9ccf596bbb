/**
 * A generous per-token (else per-IP) request limit for the API (per process, or shared through Redis with REDIS_URL), registered in the API's context (app.ts), so it
 * counts /api routes only; sign-in has its own DB throttle, and the short links their own per-address limit
 * (routes/short-redirect: this plugin's async hook was a sixth of a redirect's time). The app's own files
 * (index.html, assets, icons, the service worker) are not counted: a school's devices share one address behind its
 * NAT, and a class opening the app at once fetches dozens of files each — counted, they ran into the limit and the
 * app did not load (an e2e run got 429 for its scripts).
 */
import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import { tokenFromAuthorization } from '@contract/http'
import { MESSAGES } from '@contract/messages'
import { sharedRateLimitStore, type SharedCounter } from '@server/lib/shared-counter'
import { sha256 } from '@server/lib/tokens'

export interface RateLimitOptions {
  max: number
  /** REDIS_URL: count in Redis for every process (in the process while it does not answer). */
  shared?: SharedCounter | null
}

export default fp<RateLimitOptions>(
  async (app, { max, shared }) => {
    await app.register(rateLimit, {
      max,
      timeWindow: 60_000,
      ...(shared ? { store: sharedRateLimitStore(shared, 'api') } : {}),
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
