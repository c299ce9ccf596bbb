/**
 * Proxy Manager: teachers read the blocked domains, administrators add (one, or in bulk), comment and delete them
 * (features getProxyDomains, addProxyDomain — also for the bulk add and the comment edit — deleteProxyDomain). `/api/proxy/block.txt` is the Squid feed, public: a proxy's cron job has
 * no session, and the list is not secret (docs/decisions/proxy.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  BlockedDomainsChange,
  BlockedDomainsResponse,
  BulkDomainsAnswer,
  BulkDomainsRequest,
  DomainAddRequest,
  DomainCommentRequest,
  DomainRequest,
  WRITE_ERRORS,
  withErrors,
} from '@contract/api'
import { BULK_BODY_BYTES } from '@contract/domain-name'
import {
  addBlockedDomain,
  addBlockedDomains,
  blockedDomainsState,
  removeBlockedDomain,
  setDomainComment,
  squidFeed,
} from '@server/services/proxy'
import { runWrite } from '@server/plugins/app/write'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/proxy/block',
    {
      onRequest: app.requireFeatures('getProxyDomains'),
      schema: { response: withErrors({ 200: BlockedDomainsResponse }, 401, 403, 429, 500) },
    },
    async () => ({ code: 200, ...(await blockedDomainsState(app.db)) }),
  )

  app.post(
    '/proxy/block',
    {
      onRequest: app.requireFeatures('addProxyDomain'),
      schema: {
        body: DomainAddRequest,
        response: withErrors({ 201: BlockedDomainsChange, 409: BlockedDomainsChange }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) =>
      runWrite(request, reply, addBlockedDomain(request.body.domain, request.body.comment)),
  )

  // Many entries in one transaction, with a per-entry report (issue 9); its own body limit for 100,000 lines.
  app.post(
    '/proxy/block/bulk',
    {
      onRequest: app.requireFeatures('addProxyDomain'),
      bodyLimit: BULK_BODY_BYTES,
      schema: {
        body: BulkDomainsRequest,
        response: withErrors({ 200: BulkDomainsAnswer }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) =>
      runWrite(request, reply, addBlockedDomains(request.body.domains, request.body.comment)),
  )

  // A listed domain's comment: part of adding (feature addProxyDomain); an empty comment removes it.
  app.put(
    '/proxy/block/comment',
    {
      onRequest: app.requireFeatures('addProxyDomain'),
      schema: {
        body: DomainCommentRequest,
        response: withErrors({ 200: BlockedDomainsChange, 404: BlockedDomainsChange }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) =>
      runWrite(request, reply, setDomainComment(request.body.domain, request.body.comment)),
  )

  app.delete(
    '/proxy/block',
    {
      onRequest: app.requireFeatures('deleteProxyDomain'),
      schema: {
        body: DomainRequest,
        response: withErrors({ 200: BlockedDomainsChange, 404: BlockedDomainsChange }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) => runWrite(request, reply, removeBlockedDomain(request.body.domain)),
  )

  // Plain text, no response schema; the ETag and 304 come from the http-cache plugin like every /api GET.
  app.get('/proxy/block.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(await squidFeed(app.db)),
  )
}

export default routes
