/** Header names client, service worker and server agree on. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const AUTH_HEADER = 'Authorization'

/** Strips an optional 'Bearer ' prefix from an Authorization header value. */
export function tokenFromAuthorization(value: string | null | undefined): string | null {
  if (!value) return null
  const token = value.startsWith('Bearer ') ? value.slice(7) : value
  return token.trim() || null
}
