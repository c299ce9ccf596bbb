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
  keptBlockList,
  keptSquidFeed,
  removeBlockedDomain,
  setDomainComment,
} from '@server/services/proxy'
import { sendKept } from '@server/lib/kept-answer'
import { runWrite } from '@server/plugins/app/write'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Kept serialised per change of the blocked domains (services/kept-lists.ts), sent as they are.
  const blockList = keptBlockList(app.db)
  const feed = keptSquidFeed(app.db)

  app.get(
    '/proxy/block',
    {
      onRequest: app.requireFeatures('getProxyDomains'),
      schema: { response: withErrors({ 200: BlockedDomainsResponse }, 401, 403, 429, 500) },
    },
    async (request, reply) => sendKept(request, reply, await blockList.get()),
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
    async (request, reply) => {
      const change = addBlockedDomain(
        request.body.domain,
        request.body.comment,
        (await blockList.get()).value,
      )
      return runWrite(request, reply, change)
    },
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
    async (request, reply) => {
      const change = removeBlockedDomain(request.body.domain, (await blockList.get()).value)
      return runWrite(request, reply, change)
    },
  )

  // Plain text, no response schema, kept as the list is.
  app.get('/proxy/block.txt', async (request, reply) =>
    sendKept(request, reply, await feed.get(), 'text/plain; charset=utf-8'),
  )
}

export default routes
