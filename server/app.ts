/**
 * Composes the API server: external plugins (db, helmet, cors, static), the error handlers, then the API's context
 * (rate limit, input guard, auth, idempotency, HTTP caching, compression and the routes under `/api`) and the short
 * links. `main.ts` starts it; tests call `buildApp` directly.
 */
import { constants as zlibConstants } from 'node:zlib'
import compress from '@fastify/compress'
import sensible from '@fastify/sensible'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Ajv, type Options as AjvOptions } from 'ajv'
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify'
import { LIMITS } from '@contract/limits'
import type { Config, TrustProxy } from './config'
import { migrate, openDatabase, type DatabaseHandle } from './db'
import { BROTLI_QUALITY_PER_REQUEST } from './lib/compression'
import { withFieldMessages } from './lib/schema-errors'
import { SharedCounter } from './lib/shared-counter'
import authPlugin from './plugins/app/auth'
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/app/errors'
import httpCachePlugin from './plugins/app/http-cache'
import idempotencyPlugin from './plugins/app/idempotency'
import inputGuardPlugin, { jsonBodyText } from './plugins/app/input-guard'
import corsPlugin from './plugins/external/cors'
import dbPlugin from './plugins/external/db'
import helmetPlugin from './plugins/external/helmet'
import rateLimitPlugin from './plugins/external/rate-limit'
import staticPlugin from './plugins/external/static'
import alertsRoutes from './routes/alerts'
import attendanceRoutes from './routes/attendance'
import bugReportsRoutes from './routes/bug-reports'
import auditLogRoutes from './routes/audit-log'
import authRoutes from './routes/auth'
import classroomsRoutes from './routes/classrooms'
import dashboardRoutes from './routes/dashboard'
import filesRoutes from './routes/files'
import groupsRoutes from './routes/groups'
import healthRoutes from './routes/health'
import linksRoutes from './routes/links'
import notesRoutes from './routes/notes'
import proxyRoutes from './routes/proxy'
import shortRedirectRoutes from './routes/short-redirect'
import studentsRoutes from './routes/students'
import usersRoutes from './routes/users'
import workHoursRoutes from './routes/work-hours'
import { cleanUp } from './services/housekeeping'
import { createMailer, type Mailer } from './services/mailer'
import './types'

export interface BuildOptions {
  config: Config
  /** An open, migrated database; without it the app opens (and later closes) the configured one. */
  db?: DatabaseHandle
  mailer?: Mailer
  /** The certificate and key (server/https.ts): the app serves HTTPS instead of HTTP. */
  https?: { cert: Buffer; key: Buffer } | null
  logger?: FastifyServerOptions['logger']
  /** Clock for sessions, MFA expiry, throttling and audit timestamps (tests move it). */
  now?: () => Date
  /** Requests per minute per token (or IP) for the whole API, and short-link visits per minute per IP. */
  rateLimitMax?: number
  /** Milliseconds between clean-ups of expired rows; 0 turns them off. Default hourly. */
  housekeepingMs?: number
  /** Routes a test adds inside the API's context, after the app's own (they get its sessions, idempotency, …). */
  apiRoutes?: FastifyPluginAsync
  /** Called for every route the app registers (the route × role test lists them with it). */
  onRoute?: (route: { method: string | string[]; url: string }) => void
}

// Bodies are validated strictly: unknown fields are an error (never silently dropped) and types are not coerced.
// Query strings and params arrive as text, so those are coerced.
const AJV_BASE: AjvOptions = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false }
const bodyAjv = new Ajv({ ...AJV_BASE, coerceTypes: false })
const otherAjv = new Ajv({ ...AJV_BASE, coerceTypes: 'array' })

/** Fastify takes a hop count at run time but its types do not: the same rule as a function (`hop < n`). */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: LIMITS.bodyLimitBytes,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
    // Fastify's types tie `https` to an https.Server instance type; the app is the same either way.
    ...((options.https ? { https: options.https } : {}) as object),
  }).withTypeProvider<TypeBoxTypeProvider>()

  if (options.onRoute) app.addHook('onRoute', options.onRoute)

  // A failed schema is a 400 with the field's Hungarian message from the contract (lib/schema-errors.ts).
  app.setValidatorCompiler(({ schema, httpPart }) =>
    withFieldMessages(schema, (httpPart === 'body' ? bodyAjv : otherAjv).compile(schema as object)),
  )

  // JSON only (spec §7: "Content-Type JSON only"); any other body type is 415. An empty JSON body counts as none.
  // The bytes must be UTF-8 (the input guard's jsonBodyText): decoding would turn invalid bytes into U+FFFD.
  app.removeAllContentTypeParsers()
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string
    try {
      text = jsonBodyText(body as Buffer)
    } catch (error) {
      return done(error as Error, undefined)
    }
    if (text === '') return done(null, undefined)
    return parseJson(request, text, done)
  })

  const handle = options.db ?? (await openDatabase(config))
  if (!options.db) await migrate(handle)
  const mailer = options.mailer ?? createMailer(config, app.log)

  app.decorate('config', config)
  app.decorate('now', options.now ?? (() => new Date()))
  app.decorate('mailer', mailer)
  if (!options.mailer) app.addHook('onClose', async () => mailer.close())

  await app.register(dbPlugin, { handle, closeWithApp: !options.db })
  // reply.vary (merges with the Vary CORS sets) and the other small reply/request helpers.
  await app.register(sensible)
  await app.register(helmetPlugin)
  await app.register(corsPlugin)
  await app.register(staticPlugin)
  await app.register(errorsPlugin)
  // The API's own hooks (rate limit, input guard, sessions, idempotency, HTTP caching, compression) live in its
  // context: the short links and the app's files never pay for them (a redirect ran through every one of them).
  const rateLimitMax = options.rateLimitMax ?? 1200
  // REDIS_URL: the request limits count where every process sees them (lib/shared-counter.ts).
  const shared = config.REDIS_URL ? new SharedCounter(config.REDIS_URL, app.log) : null
  if (shared) {
    app.addHook('onClose', () => shared.close())
    await shared.ready()
  }
  await app.register(
    async (api) => {
      await api.register(rateLimitPlugin, { max: rateLimitMax, shared })
      await api.register(inputGuardPlugin)
      await api.register(authPlugin, { shared })
      await api.register(idempotencyPlugin)
      await api.register(httpCachePlugin)
      // JSON answers, brotli or gzip by Accept-Encoding. Its hooks are the routes' own, so they run after
      // http-cache's (whose ETag and 304 work on the uncompressed body). Request bodies are not decompressed (JSON
      // only, bodyLimit on the wire). The app's files are precompressed (plugins/external/static.ts).
      await api.register(compress, {
        encodings: ['br', 'gzip'],
        threshold: 1024,
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_PER_REQUEST } },
        globalDecompression: false,
      })
      await api.register(healthRoutes)
      await api.register(authRoutes)
      await api.register(dashboardRoutes)
      await api.register(studentsRoutes)
      await api.register(alertsRoutes)
      await api.register(workHoursRoutes)
      await api.register(classroomsRoutes)
      await api.register(groupsRoutes)
      await api.register(notesRoutes)
      await api.register(attendanceRoutes)
      await api.register(proxyRoutes)
      await api.register(linksRoutes)
      await api.register(filesRoutes)
      await api.register(auditLogRoutes)
      await api.register(usersRoutes)
      await api.register(bugReportsRoutes)
      if (options.apiRoutes) await api.register(options.apiRoutes)
    },
    { prefix: '/api' },
  )
  // Short links redirect outside /api (no sign-in), with the same limit per address.
  await app.register(shortRedirectRoutes, { visitsPerMinute: rateLimitMax, shared })

  const every = options.housekeepingMs ?? 60 * 60 * 1000
  if (every > 0) {
    const timer = setInterval(() => {
      cleanUp(app.db, app.now()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'housekeeping failed'),
      )
    }, every)
    timer.unref()
    app.addHook('onClose', async () => clearInterval(timer))
  }

  return app
}
