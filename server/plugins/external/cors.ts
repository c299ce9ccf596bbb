/** CORS for a backend on another origin (CORS_ORIGINS); same-origin installs need none. */
import cors from '@fastify/cors'
import fp from 'fastify-plugin'
import { AUTH_HEADER, IDEMPOTENCY_HEADER } from '@contract/http'

export default fp(
  async (app) => {
    const origins = app.config.CORS_ORIGINS
    // Without a foreign origin there is nothing to allow, and the hook would still run on every request.
    if (!origins.length) return
    await app.register(cors, {
      origin: origins.includes('*') ? true : origins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: [AUTH_HEADER, 'Content-Type', IDEMPOTENCY_HEADER, 'If-Match', 'If-None-Match'],
      exposedHeaders: ['ETag', 'Date', 'Retry-After'],
      maxAge: 600,
    })
  },
  { name: 'cors' },
)
