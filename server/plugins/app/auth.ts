/**
 * Resolves `Authorization: <token>` (or `Bearer <token>`) into `request.session` for every /api request, and
 * gives routes the `requireSession`, `requireMfaToken` and `requireFeatures(...)` pre-handlers. Features are
 * checked with the contract's isFeatureEnabled on the school's day (TZ): hiding a menu entry is not access control.
 * A session of an account with a one-time password may call only the routes of ONE_TIME_ALLOWED: every other /api
 * request is refused with 403, reason 'passwordChangeRequired' (issue 11), before any route-level check.
 */
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { FeatureId } from '@contract/features'
import { tokenFromAuthorization } from '@contract/http'
import { MESSAGES } from '@contract/messages'
import { PASSWORD_CHANGE_REQUIRED, PASSWORD_MESSAGES } from '@contract/password-rule'
import { SharedWindowLimiter, type SharedCounter } from '@server/lib/shared-counter'
import { WindowLimiter } from '@server/lib/window-limiter'
import { HttpError } from '@server/lib/http-error'
import { resolveSession } from '@server/services/auth-service'
import { buildFeatureMap, missingFeatures } from '@server/services/features-service'

/** Longer values cannot be our tokens; skip the lookup. */
const MAX_TOKEN_LENGTH = 256

/**
 * Tokens per minute per IP that may match no session before that IP's tokens get 429 without a look-up: room for
 * a school's tablets behind one address to come back with expired sessions, none for guessing.
 */
export const BAD_TOKENS_PER_IP = 60

/**
 * What a session with a one-time password may still do: set its own password and sign out. The sign-in, health,
 * status and Squid feed routes need no session anyway (the same call without the token gets the same answer).
 */
export const ONE_TIME_ALLOWED = new Set([
  'POST /api/auth/password',
  'POST /api/auth/logout',
  'POST /api/auth/login',
  'GET /api/health',
  'GET /api/status',
  // The Squid feed is public (a proxy's cron job fetches it): a token must not make it worse than none.
  'GET /api/proxy/block.txt',
])

export interface AuthOptions {
  /** REDIS_URL: the bad-token limit counts in Redis for every process (lib/shared-counter.ts). */
  shared?: SharedCounter | null
}

export default fp<AuthOptions>(
  async (app, { shared }) => {
    app.decorateRequest('session', null)
    app.decorateRequest('features', null)

    const limit = { max: BAD_TOKENS_PER_IP, windowMs: 60_000 }
    const badTokens = shared ? new SharedWindowLimiter(shared, 'bad-token', limit) : new WindowLimiter(limit)
    app.addHook('onRequest', async (request) => {
      const token = tokenFromAuthorization(request.headers.authorization)
      if (!token) return
      // Wall-clock time: the limiter's window is real, whatever clock the sessions use (tests move that one).
      const now = Date.now()
      const wait = badTokens.retryAfter(request.ip, now)
      if (wait > 0) throw new HttpError(429, MESSAGES.rateLimited, { 'retry-after': String(wait) })
      request.session =
        token.length > MAX_TOKEN_LENGTH ? null : await resolveSession({ db: app.db, now: app.now }, token)
      if (!request.session) await badTokens.record(request.ip, now)
      else if (
        request.session.kind === 'session' &&
        request.session.user.passwordOneTime &&
        // HEAD is GET without the body (Fastify adds it to every GET route).
        !ONE_TIME_ALLOWED.has(
          `${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url ?? request.url}`,
        )
      ) {
        throw new HttpError(403, PASSWORD_MESSAGES.changeRequired, {}, PASSWORD_CHANGE_REQUIRED)
      }
    })

    const requireSession = async (request: FastifyRequest) => {
      if (request.session?.kind !== 'session') throw new HttpError(401, MESSAGES.notLoggedIn)
    }
    app.decorate('requireSession', requireSession)

    app.decorate('requireMfaToken', async (request: FastifyRequest) => {
      if (request.session?.kind !== 'mfa') throw new HttpError(401, MESSAGES.notLoggedIn)
    })

    app.decorate('requireFeatures', (...ids: FeatureId[]) => async (request: FastifyRequest) => {
      await requireSession(request)
      // The user's overrides came with the session, in the same statement (sessions-repository.ts).
      const { user, features } = request.session!
      request.features ??= buildFeatureMap(user.type, features)
      if (missingFeatures(request.features, ids, app.now(), app.config.TZ).length) {
        throw new HttpError(403, MESSAGES.forbidden)
      }
    })
  },
  { name: 'auth', dependencies: ['db'] },
)
