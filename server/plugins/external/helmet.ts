/**
 * Security headers with a strict Content-Security-Policy (DESIGN §3): the session token lives in localStorage,
 * so no inline script anywhere. style-src allows inline styles because the UI library injects style tags.
 */
import helmet from '@fastify/helmet'
import fp from 'fastify-plugin'

export default fp(
  async (app) => {
    await app.register(helmet, {
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
  },
  { name: 'helmet' },
)
