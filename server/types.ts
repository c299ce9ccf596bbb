/** What the plugins add to Fastify's instance and request (module augmentation). */
import type { preHandlerAsyncHookHandler } from 'fastify'
import type { FeatureId, FeatureMap } from '@contract/features'
import type { Config } from './config'
import type { Db, Driver } from './db'
import type { SessionWithUser } from './repositories/sessions-repository'
import type { Mailer } from './services/mailer'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Db
    dbDriver: Driver
    mailer: Mailer
    /** The clock every service uses (tests move it). */
    now: () => Date
    /** True when STATIC_DIR holds the built app. */
    hasStaticApp: boolean
    /** Pre-handler: a signed-in session (not a temporary MFA token), else 401. */
    requireSession: preHandlerAsyncHookHandler
    /** Pre-handler: a temporary MFA token, else 401. Only /auth/mfa uses it. */
    requireMfaToken: preHandlerAsyncHookHandler
    /** Pre-handler: a session whose user has every listed feature enabled today, else 401/403. */
    requireFeatures: (...ids: FeatureId[]) => preHandlerAsyncHookHandler
  }
  interface FastifyRequest {
    session: SessionWithUser | null
    features: FeatureMap | null
    /** The request's Idempotency-Key with no stored answer yet (set by the idempotency plugin, used by runWrite). */
    idempotency: { userId: string; key: string; method: string; path: string } | null
  }
}

export {}
