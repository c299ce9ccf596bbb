import { createHash } from 'node:crypto'

/** A strong ETag of an answer's bytes: the first 27 characters of its base64url SHA-256, quoted. */
export function etagOf(payload: string | Buffer): string {
  return `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`
}
