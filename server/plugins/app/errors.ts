/**
 * Every error leaves as `{code, message}` with a Hungarian message (DESIGN §3). 5xx hides internals and logs them.
 * Also owns the not-found answer: the SPA's index.html for page navigations outside /api and /s/, else JSON 404.
 */
import type { FastifyError } from 'fastify'
import fp from 'fastify-plugin'
import { MESSAGES } from '../../../contract/messages'
import { HttpError } from '../../lib/http-error'

const BY_FASTIFY_CODE: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_INVALID_TYPE: [415, MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MESSAGES.badRequest],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MESSAGES.badRequest],
  FST_ERR_VALIDATION: [400, MESSAGES.badRequest],
}

function classify(error: FastifyError): { status: number; message: string; headers: Record<string, string> } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message, headers: error.headers }
  if (error.validation) return { status: 400, message: MESSAGES.badRequest, headers: {} }
  const known = error.code ? BY_FASTIFY_CODE[error.code] : undefined
  if (known) return { status: known[0], message: known[1], headers: {} }
  const status = error.statusCode ?? 500
  if (status === 429) return { status, message: MESSAGES.rateLimited, headers: {} }
  if (status === 404) return { status, message: MESSAGES.notFound, headers: {} }
  if (status === 413) return { status, message: MESSAGES.bodyTooLarge, headers: {} }
  if (status === 415) return { status, message: MESSAGES.unsupportedMediaType, headers: {} }
  if (status >= 400 && status < 500) return { status, message: MESSAGES.badRequest, headers: {} }
  return { status: 500, message: MESSAGES.internal, headers: {} }
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, message, headers } = classify(error)
      if (status >= 500) request.log.error({ err: error }, 'request failed')
      else request.log.info({ status, reason: error.message }, 'request rejected')
      return reply.code(status).headers(headers).send({ code: status, message })
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
      return reply.code(404).send({ code: 404, message: MESSAGES.notFound })
    })
  },
  { name: 'errors' },
)
