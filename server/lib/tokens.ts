/** Opaque random tokens and the hashes the database keeps instead of them. */
import { createHash, randomBytes, randomInt } from 'node:crypto'

/** A 256-bit random token, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** sha256 hex of `value`: the only form in which tokens and codes are stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** A uniformly random 6-digit code. */
export function newMfaCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}
