/**
 * Proxy Manager: teachers read the blocked domains, administrators add and delete them (features getProxyDomains,
 * addProxyDomain, deleteProxyDomain). `/api/proxy/block.txt` is the Squid feed, public: a proxy's cron job has
 * no session, and the list is not secret (docs/decisions-proxy.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  BlockedDomainsChange,
  BlockedDomainsResponse,
  DomainRequest,
  withErrors,
} from '../../../contract/api'
import { addBlockedDomain, listBlockedDomains, removeBlockedDomain, squidFeed } from '../../services/proxy'
import { runWrite } from '../../services/write'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/proxy/block',
    {
      onRequest: app.requireFeatures('getProxyDomains'),
      schema: { response: withErrors({ 200: BlockedDomainsResponse }, 401, 403, 429, 500) },
    },
    async () => ({ code: 200, blockedDomains: await listBlockedDomains(app.db) }),
  )

  app.post(
    '/proxy/block',
    {
      onRequest: app.requireFeatures('addProxyDomain'),
      schema: {
        body: DomainRequest,
        response: withErrors(
          { 201: BlockedDomainsChange, 409: BlockedDomainsChange },
          400,
          401,
          403,
          413,
          415,
          429,
          500,
        ),
      },
    },
    async (request, reply) => runWrite(request, reply, (w) => addBlockedDomain(w, request.body.domain)),
  )

  app.delete(
    '/proxy/block',
    {
      onRequest: app.requireFeatures('deleteProxyDomain'),
      schema: {
        body: DomainRequest,
        response: withErrors(
          { 200: BlockedDomainsChange, 404: BlockedDomainsChange },
          400,
          401,
          403,
          413,
          415,
          429,
          500,
        ),
      },
    },
    async (request, reply) => runWrite(request, reply, (w) => removeBlockedDomain(w, request.body.domain)),
  )

  // Plain text, no response schema; the ETag and 304 come from the http-cache plugin like every /api GET.
  app.get('/proxy/block.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(await squidFeed(app.db)),
  )
}

export default routes
