/**
 * The signed-in user's outbox key (issue 17): the key under which the device parks the user's unsent writes when
 * the session ends with a 401, so only the same account can read and send them at its next sign-in there.
 */
import { Type, type Static } from '@sinclair/typebox'

/** `key`: 32 bytes, base64url — HMAC-SHA256 of the server's outbox secret over the user's id. */
export const OutboxKeyResponse = Type.Object({
  username: Type.String(),
  key: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
})
export type OutboxKeyResponse = Static<typeof OutboxKeyResponse>
