/**
 * Security headers with a strict Content-Security-Policy (DESIGN §3): the session token lives in localStorage,
 * so no inline script anywhere. style-src allows inline styles because the UI library injects style tags.
 *
 * The headers are the `helmet` package's, computed once at start: nothing in them depends on the request, and
 * @fastify/helmet rebuilt the whole middleware on every request (docs/decisions/server.md, "Security headers once").
 * A route that sends its own set says `config: { securityHeaders: false }` (/s/:code).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route sets its own security headers. */
    securityHeaders?: false
  }
}

/** The headers `helmet(options)` sets on a response, by running it once against a recorder. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return headers
}

export default fp(
  async (app) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...app.config.CONNECT_SRC],
          fontSrc: ["'self'", 'data:'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Schools often run the portal on plain HTTP inside their network; never pin their other subdomains.
      strictTransportSecurity: { maxAge: 15552000, includeSubDomains: false },
    })
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.securityHeaders !== false) reply.headers(headers)
      done()
    })
  },
  { name: 'helmet' },
)
