/**
 * Every error leaves as `{code, message}` with a Hungarian message (DESIGN §3). 5xx hides internals and logs them
 * (class, message and stack, without values: lib/log's `err` serializer). Also owns the not-found answer: the SPA's index.html for page navigations
 * outside /api and /s/, else JSON 404; and the answers Fastify and Node would otherwise give in English before
 * routing (`frameworkErrors` for a bad or overlong URL, `clientErrorHandler` for oversized headers), which never
 * echo the request.
 */
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { MESSAGES } from '@contract/messages'
import { HttpError } from '@server/lib/http-error'

const BY_FASTIFY_CODE: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_INVALID_TYPE: [415, MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MESSAGES.badRequest],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MESSAGES.badRequest],
  FST_ERR_VALIDATION: [400, MESSAGES.badRequest],
}

function classify(error: FastifyError): {
  status: number
  message: string
  headers: Record<string, string>
  reason?: string
} {
  if (error instanceof HttpError)
    return { status: error.statusCode, message: error.message, headers: error.headers, reason: error.reason }
  if (error.validation) return { status: 400, message: MESSAGES.badRequest, headers: {} }
  const known = error.code ? BY_FASTIFY_CODE[error.code] : undefined
  if (known) return { status: known[0], message: known[1], headers: {} }
  const status = error.statusCode ?? 500
  if (status === 429) return { status, message: MESSAGES.rateLimited, headers: {} }
  // @fastify/static refuses a path that climbs out of its root with 403: for the client that file does not exist.
  if (status === 404 || status === 403) return { status: 404, message: MESSAGES.notFound, headers: {} }
  if (status === 413) return { status, message: MESSAGES.bodyTooLarge, headers: {} }
  if (status === 415) return { status, message: MESSAGES.unsupportedMediaType, headers: {} }
  if (status >= 400 && status < 500) return { status, message: MESSAGES.badRequest, headers: {} }
  return { status: 500, message: MESSAGES.internal, headers: {} }
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, message, headers, reason } = classify(error)
      // The logger's `err` serializer (lib/log's safeError) makes it safe, once: a second pass saw a plain object
      // and logged `{"type":"object","message":"","stack":""}`.
      if (status >= 500) request.log.error({ err: error }, 'request failed')
      // A parser's message may quote the body (JSON.parse does): only our own Hungarian messages and codes are logged.
      else
        request.log.info(
          { status, reason: error instanceof HttpError ? error.message : (error.code ?? error.name) },
          'request rejected',
        )
      return reply
        .code(status)
        .headers(headers)
        .send(reason ? { code: status, message, reason } : { code: status, message })
    })

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !path.startsWith('/api/') &&
        path !== '/api' &&
        !path.startsWith('/s/') &&
        !path.startsWith('/assets/') &&
        (request.headers.accept ?? '').includes('text/html')
      if (app.hasStaticApp && isPage) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html')
      }
      // An unknown API path is an API answer (http-cache, which says no-store for those, runs inside /api only).
      if (path.startsWith('/api/') || path === '/api') reply.header('Cache-Control', 'no-store')
      return reply.code(404).send({ code: 404, message: MESSAGES.notFound })
    })
  },
  { name: 'errors' },
)

/** Fastify's `frameworkErrors`: a URL that cannot be decoded (400) or has an overlong parameter (414). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400
  void reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .send({ code: status, message: MESSAGES.badRequest })
}

/**
 * Node's `clientError` (a request Node could not parse: headers over the limit, a timeout, bad syntax), answered
 * before Fastify sees a request, so by hand: `{code, message}` in Hungarian, never a part of the request.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
  const message = status === 431 ? MESSAGES.bodyTooLarge : MESSAGES.badRequest
  const body = JSON.stringify({ code: status, message })
  if (!socket.writable) {
    socket.destroy(error)
    return
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n\r\n${body}`,
  )
}
