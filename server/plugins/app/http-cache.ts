/**
 * API answers are never stored by HTTP caches (`Cache-Control: no-store`; the service worker keeps its own copy),
 * and GET answers carry a strong `ETag` (hash of the body) with 304 on a matching If-None-Match.
 */
import fp from 'fastify-plugin'
import { etagOf } from '@server/lib/etag'

function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}

export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('Cache-Control', 'no-store')
      if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
      // A route that keeps its serialised answer also keeps its ETag.
      const known = reply.getHeader('ETag')
      const etag = typeof known === 'string' ? known : etagOf(payload)
      reply.header('ETag', etag)
      const ifNoneMatch = request.headers['if-none-match']
      if (ifNoneMatch && matches(ifNoneMatch, etag)) {
        reply.code(304)
        reply.removeHeader('content-length')
        reply.removeHeader('content-encoding')
        return ''
      }
      return payload
    })
  },
  { name: 'http-cache' },
)
