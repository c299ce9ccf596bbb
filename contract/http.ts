/** Header names client, service worker and server agree on. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const AUTH_HEADER = 'Authorization'
/** A body of JSON lines (`Accept` for a write that streams its progress, then its answer: the user import). */
export const NDJSON_TYPE = 'application/x-ndjson'

/** Strips an optional 'Bearer ' prefix (in any case) from an Authorization header value. */
export function tokenFromAuthorization(value: string | null | undefined): string | null {
  if (!value) return null
  // The scheme is case-insensitive (RFC 9110 §11.1): `bearer <token>` is the same as `Bearer <token>`.
  const token = /^bearer /i.test(value) ? value.slice(7) : value
  return token.trim() || null
}
