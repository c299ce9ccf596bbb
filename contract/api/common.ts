/** Bodies shared by every resource: the `{code, message}` answer and the error map of a route's responses. */
import { Type, type Static, type TSchema } from '@sinclair/typebox'

/** `reason` tells apart refusals a client acts on (e.g. 'passwordChangeRequired', contract/password-rule.ts). */
export const ErrorBody = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  reason: Type.Optional(Type.String()),
})
export type ErrorBody = Static<typeof ErrorBody>

export const MessageBody = Type.Object({ code: Type.Integer(), message: Type.String() })
export type MessageBody = Static<typeof MessageBody>

/** Strict request bodies: an unknown field is an error, never silently dropped. */
export const strict = { additionalProperties: false } as const

/**
 * A route's response map: its success schemas plus the shared error body for each listed status. The type keeps
 * every success schema visible to the TypeBox type provider.
 */
export function withErrors<T extends Record<number, TSchema>, S extends number>(
  ok: T,
  ...statuses: S[]
): Omit<{ [K in S]: typeof ErrorBody }, keyof T> & T {
  const errors: Record<number, typeof ErrorBody> = {}
  for (const status of statuses) errors[status] = ErrorBody
  return { ...errors, ...ok } as Omit<{ [K in S]: typeof ErrorBody }, keyof T> & T
}

/**
 * The refusals every write route can give: bad body, no session, no feature, too large, not JSON, rate limit, crash.
 * A route adds its own (404, 409, 422) after them: `withErrors({ 200: X }, ...WRITE_ERRORS, 404)`.
 */
export const WRITE_ERRORS = [400, 401, 403, 413, 415, 429, 500] as const
