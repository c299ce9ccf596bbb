/**
 * The one way the page makes a random id (an Idempotency-Key, an outbox item, a tab, an upload, a new class): an
 * RFC 4122 version 4 UUID. `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost); on a school's
 * plain `http://<server-ip>` the same UUID is built from `crypto.getRandomValues`, which every context has.
 * ESLint forbids `crypto.randomUUID` anywhere else in src/ (eslint.config.js).
 */

/** The part of Web Crypto this module needs (tests pass one without `randomUUID`). */
export interface RandomSource {
  randomUUID?: () => string
  getRandomValues<T extends ArrayBufferView>(array: T): T
}

/** A UUID v4 from 16 random bytes: version nibble 4, variant bits 10 (RFC 4122 §4.4). */
export function uuidFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new Error('uuidFromBytes needs 16 bytes')
  const b = Uint8Array.from(bytes)
  b[6] = (b[6] & 0x0f) | 0x40
  b[8] = (b[8] & 0x3f) | 0x80
  const hex = Array.from(b, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** A random UUID v4: `crypto.randomUUID` when the context has it, else one from `crypto.getRandomValues`. */
export function randomId(source: RandomSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID()
  return uuidFromBytes(source.getRandomValues(new Uint8Array(16)))
}
