/**
 * Files (spec §4 Files, §7; issue 9): the listing of one folder under FILES_ROOT and the download of one file,
 * streamed with its Content-Type, Content-Length, RFC 5987 Content-Disposition and single-range support; for
 * `uploadFile`, an upload streamed to disk (multipart, one file a request, UPLOAD_MAX_MB), a new folder, and (issue
 * 18) the delete and rename of an entry.
 */
import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import multipart, { type MultipartFile } from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  CreateFolderBody,
  DeleteFileQuery,
  FileEntry,
  MessageBody,
  RenameFileBody,
  WRITE_ERRORS,
  FilesQuery,
  FilesResponse,
  UploadQuery,
  withErrors,
} from '@contract/api'
import { MESSAGES, uploadTooLargeMessage } from '@contract/messages'
import { HttpError } from '@server/lib/http-error'
import { findKey } from '@server/repositories/idempotency-repository'
import {
  checkedName,
  checkFree,
  createFolder,
  deleteEntry,
  folderForWrite,
  removeStaleUploadParts,
  renameEntry,
  saveUpload,
} from '@server/services/file-writes'
import { runWrite } from '@server/plugins/app/write'
import { replayStored } from '@server/plugins/app/idempotency'
import { contentDisposition, contentTypeOf, fileForDownload, listFiles } from '@server/services/files'

/** Read size of a download: 1 MiB reads (fs streams default to 64 KiB) cut the reads and writes per file sixteenfold. */
const DOWNLOAD_CHUNK_BYTES = 1024 * 1024

/** The file's own bytes (streamed, never serialised). */
const FileBytes = Type.Unsafe<string | Readable>({})

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const root = app.config.FILES_ROOT
  const maxMb = app.config.UPLOAD_MAX_MB

  // multipart/form-data for the upload route only (this plugin is encapsulated; everything else stays JSON only).
  // The file streams through busboy: `fileSize` cuts it at the limit, and nothing is buffered whole. `preservePath`
  // hands over the filename as sent, so a name with a slash is refused (400) rather than silently cut to its end.
  await app.register(multipart, {
    preservePath: true,
    throwFileSizeLimit: false,
    limits: { fileSize: maxMb * 1024 * 1024, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  })

  // Parts a crash left (a kill -9 skips saveUpload's clean-up), removed in the background once the server is ready.
  app.addHook('onReady', async () => {
    void removeStaleUploadParts(root).then(
      (removed) => removed > 0 && app.log.info({ removed }, 'stale upload parts removed'),
      (error: unknown) => app.log.warn({ err: error }, 'stale upload parts not removed'),
    )
  })

  // An answer sent before the request's body was read (a refusal, a replay): the rest of the body would be read as
  // the next request on a keep-alive connection, so the connection is closed after the answer.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) reply.header('Connection', 'close')
    return payload
  })
  app.addHook('onResponse', async (request) => releaseUpload(request))

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
      return reply.send(createReadStream(plan.file, { start, end, highWaterMark: DOWNLOAD_CHUNK_BYTES }))
    },
  )

  app.post(
    '/files/upload',
    {
      onRequest: app.requireFeatures('uploadFile'),
      schema: {
        querystring: UploadQuery,
        response: withErrors({ 201: FileEntry }, 400, 401, 403, 404, 409, 413, 415, 429, 500),
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, MESSAGES.uploadNotMultipart)
      const replayed = await afterEarlierUpload(request, reply)
      if (replayed) return replayed
      const overwrite = request.query.overwrite === '1'
      const folder = await folderForWrite(root, request.query.path ?? '')
      const part = await firstFilePart(request)
      if (!part) throw new HttpError(400, MESSAGES.uploadMissingFile)
      const name = checkedName(part.filename)
      await checkFree(folder, name, overwrite)
      const entry = await saveUpload(folder, name, part.file, {
        overwrite,
        tooLarge: () => new HttpError(413, uploadTooLargeMessage(maxMb)),
      })
      request.log.info({ bytes: entry.size, overwrite }, 'file uploaded')
      return reply.code(201).send(entry)
    },
  )

  app.post(
    '/files/folder',
    {
      onRequest: app.requireFeatures('uploadFile'),
      schema: {
        body: CreateFolderBody,
        response: withErrors({ 201: FileEntry }, 400, 401, 403, 404, 409, 413, 415, 429, 500),
      },
    },
    async (request, reply) => {
      const entry = await createFolder(root, request.body.path, request.body.name)
      return reply.code(201).send(entry)
    },
  )

  // Delete and rename (issue 18): uploadFile, as upload and new folder; each audited in the write's transaction.
  app.delete(
    '/files',
    {
      onRequest: app.requireFeatures('uploadFile'),
      schema: {
        querystring: DeleteFileQuery,
        response: withErrors({ 200: MessageBody }, ...WRITE_ERRORS, 404, 409),
      },
    },
    async (request, reply) => runWrite(request, reply, deleteEntry(root, request.query.path)),
  )

  app.post(
    '/files/rename',
    {
      onRequest: app.requireFeatures('uploadFile'),
      schema: {
        body: RenameFileBody,
        response: withErrors({ 200: FileEntry }, ...WRITE_ERRORS, 404, 409),
      },
    },
    async (request, reply) =>
      runWrite(request, reply, renameEntry(root, request.body.path, request.body.name)),
  )
}

export default routes

/**
 * The request's first file part. A body busboy cannot read as multipart (no boundary, cut off in a part's headers)
 * throws a plain Error: that is the client's 400, not a 500. Errors with a status (the size limits) stay theirs.
 */
async function firstFilePart(request: FastifyRequest): Promise<MultipartFile | undefined> {
  try {
    return await request.file()
  } catch (error) {
    if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number')
      throw error
    throw new HttpError(400, MESSAGES.uploadNotMultipart)
  }
}

/**
 * Uploads in progress in this process, by user and Idempotency-Key. An upload is not a `runWrite` (its bytes stream
 * to disk outside any transaction), so a retry sent while its first is still running would find no stored answer
 * and be refused with 409 by its own file: it waits for the first and gets that answer.
 */
const uploadsInFlight = new Map<string, Promise<void>>()
const releases = new WeakMap<FastifyRequest, () => void>()

/** The stored first answer for a retry of an upload that was running; otherwise claims the key and returns null. */
async function afterEarlierUpload(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | null> {
  const claim = request.idempotency
  if (!claim) return null
  const id = `${claim.userId}\n${claim.key}`
  const earlier = uploadsInFlight.get(id)
  if (earlier) {
    await earlier
    const stored = await findKey(request.server.db, claim)
    if (stored) {
      request.idempotency = null
      return replayStored(request, reply, stored)
    }
  }
  let release!: () => void
  const running = new Promise<void>((resolve) => (release = resolve))
  uploadsInFlight.set(id, running)
  releases.set(request, () => {
    if (uploadsInFlight.get(id) === running) uploadsInFlight.delete(id)
    release()
  })
  return null
}

/** After the answer was sent (and stored by the idempotency plugin): a waiting retry may read it. */
function releaseUpload(request: FastifyRequest): void {
  releases.get(request)?.()
  releases.delete(request)
}
