/**
 * Short links (spec §7): list, create, delete — school-wide, by feature. The list (kept serialised) writes the
 * buffered visit counts first; a write empties the redirect cache in its transaction and again once committed (onSend).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  CreateLinkRequest,
  CreateLinkResponse,
  LinkIdParams,
  LinksResponse,
  MessageBody,
  withErrors,
} from '@contract/api'
import { sendKept } from '@server/lib/kept-answer'
import { createLink, deleteLink, keptLinks, linkDirectory } from '@server/services/links'
import { runWrite } from '@server/plugins/app/write'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const directory = linkDirectory(app)
  const links = keptLinks(app.db, directory)
  const forgetOnceCommitted = async <T>(_request: unknown, _reply: unknown, payload: T): Promise<T> => {
    directory.forget()
    return payload
  }

  app.get(
    '/links',
    {
      onRequest: app.requireFeatures('getAllShortUrls'),
      schema: { response: withErrors({ 200: LinksResponse }, 401, 403, 429, 500) },
    },
    // Kept serialised in the LinksResponse shape: sent as it is, without the serializer.
    async (request, reply) => sendKept(request, reply, await links.get()),
  )

  // The spec's path is POST /links/; the router ignores the trailing slash, so /links answers too.
  app.post(
    '/links/',
    {
      onRequest: app.requireFeatures('createShortUrl'),
      onSend: forgetOnceCommitted,
      schema: {
        body: CreateLinkRequest,
        response: withErrors({ 201: CreateLinkResponse }, 400, 401, 403, 409, 413, 415, 422, 429, 500),
      },
    },
    async (request, reply) => runWrite(request, reply, createLink(request.body, directory)),
  )

  app.delete(
    '/links/:id',
    {
      onRequest: app.requireFeatures('deleteShortUrl'),
      onSend: forgetOnceCommitted,
      schema: {
        params: LinkIdParams,
        response: withErrors({ 200: MessageBody }, 400, 401, 403, 404, 429, 500),
      },
    },
    async (request, reply) => runWrite(request, reply, deleteLink(request.params.id, directory)),
  )
}

export default routes
