import { createHash } from 'node:crypto'

/** A body's hash for its ETag: the first 27 characters of its base64url SHA-256 (@fastify/etag's `hashFn`). */
export function bodyHash(payload: string | Buffer): string {
  return createHash('sha256').update(payload).digest('base64url').slice(0, 27)
}

/** A strong ETag of an answer's bytes, as @fastify/etag makes it: the body's hash, quoted. */
export function etagOf(payload: string | Buffer): string {
  return `"${bodyHash(payload)}"`
}
