/**
 * GET /s/:code (outside /api, no sign-in): 302 to the link's target with `Cache-Control: no-store` (every visit
 * reaches the server and is counted); an unknown code is a small Hungarian 404 page, an expired one a 410 page.
 * Nothing about the visitor is stored. The target comes from the process's link directory and the count is
 * buffered (services/links.ts); the app's close writes what is still buffered. Visits leave no request log line.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ShortCodeParams } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { HttpError } from '@server/lib/http-error'
import { SharedWindowLimiter, type SharedCounter } from '@server/lib/shared-counter'
import { WindowLimiter } from '@server/lib/window-limiter'
import { linkDirectory } from '@server/services/links'

/** The whole page; the text is a fixed message, nothing from the request is echoed. */
function page(message: string): string {
  return `<!doctype html>
<html lang="hu">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 32rem; padding: 0 1rem; text-align: center">
<h1 style="font-size: 1.5rem">${message}</h1>
</body>
</html>
`
}

const MISSING = page(MESSAGES.linkMissingPage)
const EXPIRED = page(MESSAGES.linkExpiredPage)

/**
 * The route's own fixed security headers instead of the app-wide ones. Stricter than the app's: the only body
 * ever sent is one of the two pages above, with no script, no image and no link to load. HSTS as the app's
 * (plugins/external/helmet.ts).
 */
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=15552000',
}

/**
 * A redirect has no body to render, frame, sniff or embed, so the page-only headers would be bytes on every visit
 * for nothing. What applies to a redirect stays: no caching (each visit is counted), no Referer for the target
 * (the short link stays the school's), and HSTS (a scanned QR code is often a device's first visit).
 */
const REDIRECT_HEADERS = {
  'cache-control': PAGE_HEADERS['cache-control'],
  'referrer-policy': PAGE_HEADERS['referrer-policy'],
  'strict-transport-security': PAGE_HEADERS['strict-transport-security'],
}

export interface ShortRedirectOptions {
  /** Visits per minute per address (the API's request limit: the rate-limit plugin counts /api only). */
  visitsPerMinute: number
  /** REDIS_URL: visits count in Redis for every process (lib/shared-counter.ts); else in this process. */
  shared?: SharedCounter | null
}

const routes: FastifyPluginAsyncTypebox<ShortRedirectOptions> = async (app, { visitsPerMinute, shared }) => {
  const directory = linkDirectory(app)
  app.addHook('onClose', () => directory.close())
  // Per address, so codes cannot be tried by the thousand. Synchronous and in memory: @fastify/rate-limit's async
  // hook was a sixth of a redirect's time (docs/decisions/links.md, "The redirect out of the API's hooks").
  const visitors = new WindowLimiter({ max: visitsPerMinute, windowMs: 60_000 })
  // With REDIS_URL every process counts in Redis; without it the path stays as it was (no await, no allocation).
  const sharedVisitors = shared
    ? new SharedWindowLimiter(shared, 'visit', { max: visitsPerMinute, windowMs: 60_000 })
    : null

  // No request log lines for visits: Fastify's would store each visitor's address and the code they followed, and
  // at one line per visit the log would cost more than the redirect itself. Warnings and errors are still logged,
  // through one logger for every visit (a child logger per request was a twentieth of a redirect's time).
  const visitLog = app.log.child({ route: 'short-link' }, { level: 'warn' })
  app.setChildLoggerFactory(() => visitLog)

  app.get(
    '/s/:code',
    {
      schema: { params: ShortCodeParams },
      // No CORS: a browser follows a short link as a navigation, never as a script's cross-origin call.
      config: { securityHeaders: false, cors: false },
    },
    async (request, reply) => {
      const wait = sharedVisitors
        ? await sharedVisitors.take(request.ip, Date.now())
        : visitors.take(request.ip, Date.now())
      if (wait > 0) throw new HttpError(429, MESSAGES.rateLimited, { 'retry-after': String(wait) })
      const result = await directory.follow(request.params.code, app.now())
      if (result.kind === 'redirect') return reply.headers(REDIRECT_HEADERS).redirect(result.url, 302)
      return reply
        .headers(PAGE_HEADERS)
        .code(result.kind === 'expired' ? 410 : 404)
        .type('text/html; charset=utf-8')
        .send(result.kind === 'expired' ? EXPIRED : MISSING)
    },
  )
}

export default routes
