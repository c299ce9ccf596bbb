/**
 * Files (spec §4 Files, §7; issue 9): the listing of one folder under FILES_ROOT and the download of one file,
 * streamed with its Content-Type, Content-Length, RFC 5987 Content-Disposition and single-range support.
 */
import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { FilesQuery, FilesResponse, withErrors } from '../../../contract/api'
import { MESSAGES } from '../../../contract/messages'
import { HttpError } from '../../lib/http-error'
import { contentDisposition, contentTypeOf, fileForDownload, listFiles } from '../../services/files'

/** The file's own bytes (streamed, never serialised). */
const FileBytes = Type.Unsafe<string | Readable>({})

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const root = app.config.FILES_ROOT

  app.get(
    '/files',
    {
      onRequest: app.requireFeatures('listFiles'),
      schema: {
        querystring: FilesQuery,
        response: withErrors({ 200: FilesResponse }, 400, 401, 403, 404, 429, 500),
      },
    },
    async (request) => ({ files: await listFiles(root, request.query.path ?? '') }),
  )

  app.get(
    '/files/file',
    {
      onRequest: app.requireFeatures('downloadFile'),
      // Bytes go out as they are: compressing would break Content-Length and ranges.
      compress: false,
      schema: {
        querystring: FilesQuery,
        response: withErrors({ 200: FileBytes, 206: FileBytes }, 400, 401, 403, 404, 416, 429, 500),
      },
    },
    async (request, reply) => {
      const plan = await fileForDownload(root, request.query.path ?? '', request.headers.range)
      if (plan.range === 'unsatisfiable') {
        throw new HttpError(416, MESSAGES.fileRangeInvalid, { 'Content-Range': `bytes */${plan.size}` })
      }
      reply
        .header('Accept-Ranges', 'bytes')
        .header('Content-Type', contentTypeOf(plan.fileName))
        .header('Content-Disposition', contentDisposition(plan.fileName))
        .header('Last-Modified', plan.modifiedAt.toUTCString())
      const { start, end } = plan.range ?? { start: 0, end: plan.size - 1 }
      if (plan.range) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${plan.size}`)
      reply.header('Content-Length', Math.max(0, end - start + 1))
      if (plan.size === 0) return reply.send('')
      return reply.send(createReadStream(plan.file, { start, end }))
    },
  )
}

export default routes
