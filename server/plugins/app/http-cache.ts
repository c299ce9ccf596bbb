/**
 * API answers are never stored by HTTP caches (`Cache-Control: no-store`; the service worker keeps its own copy).
 * Answers carry a strong `ETag` (@fastify/etag: a hash of the body, or the route's own, e.g. the kept students list)
 * with 304 on a matching If-None-Match; a 304 loses the body's Content-Encoding and Content-Length.
 */
import fastifyEtag from '@fastify/etag'
import fp from 'fastify-plugin'
import { bodyHash } from '@server/lib/etag'

export default fp(
  async (app) => {
    // Callback-style hooks: they run on every answer, and an async hook costs a promise each time.
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('Cache-Control', 'no-store')
      done(null, payload)
    })
    await app.register(fastifyEtag, { hashFn: bodyHash })
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode === 304) {
        reply.removeHeader('content-length')
        reply.removeHeader('content-encoding')
      }
      done(null, payload)
    })
  },
  { name: 'http-cache' },
)
