/**
 * Sends a kept list (services/kept-lists.ts): a matching If-None-Match is a 304 at once (nothing serialised or
 * compressed); else the variant the client accepts (Content-Encoding set, so @fastify/compress leaves it), with the
 * list's ETag, which @fastify/etag (plugins/app/http-cache.ts) keeps.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { preferredEncoding, type Encoding } from './compression'

export interface SendableAnswer {
  /** The body's UTF-8 bytes (kept, so an uncompressed answer is not encoded again per request). */
  bytes: Buffer
  etag: string
  encoded: (encoding: Encoding) => Promise<Buffer>
}

/** True when If-None-Match names `etag` (strong or weak) or is `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`
  })
}

export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SendableAnswer,
  type = 'application/json; charset=utf-8',
): Promise<FastifyReply> {
  reply.header('ETag', answer.etag).vary('Accept-Encoding')
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
  reply.type(type)
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  if (!encoding) return reply.send(answer.bytes)
  return reply.header('Content-Encoding', encoding).send(await answer.encoded(encoding))
}
