/**
 * GET /s/:code (outside /api, no sign-in): 302 to the link's target with `Cache-Control: no-store` (every visit
 * reaches the server and is counted); an unknown code is a small Hungarian 404 page, an expired one a 410 page.
 * Nothing about the visitor is stored. The target comes from the process's link directory and the count is
 * buffered (services/links.ts); the app's close writes what is still buffered. Visits leave no request log line.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ShortCodeParams } from '../../../contract/api'
import { MESSAGES } from '../../../contract/messages'
import { linkDirectory } from '../../services/links'

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
 * The route's own fixed security headers instead of the app-wide ones (half their bytes). Stricter than the
 * app's: the only body ever sent is one of the two pages above, with no script, no image and no link to load. HSTS
 * as the app's (plugins/external/helmet.ts).
 */
const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=15552000',
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const directory = linkDirectory(app)
  app.addHook('onClose', () => directory.close())

  // No request log lines for visits: Fastify's would store each visitor's address and the code they followed, and
  // at one line per visit the log would cost more than the redirect itself. Warnings and errors are still logged.
  app.get(
    '/s/:code',
    { schema: { params: ShortCodeParams }, logLevel: 'warn', config: { securityHeaders: false } },
    async (request, reply) => {
      const result = await directory.follow(request.params.code, app.now())
      reply.headers(SECURITY_HEADERS)
      if (result.kind === 'redirect') return reply.redirect(result.url, 302)
      return reply
        .code(result.kind === 'expired' ? 410 : 404)
        .type('text/html; charset=utf-8')
        .send(result.kind === 'expired' ? EXPIRED : MISSING)
    },
  )
}

export default routes
