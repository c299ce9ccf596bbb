/** Sign-in, MFA and the MFA e-mail (spec §7). */
import { Type, type Static } from '@sinclair/typebox'
import { LIMITS } from '../limits'
import { strict } from './common'

export const LoginRequest = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: LIMITS.usernameMax }),
    password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
    /** The proof this device got at an earlier sign-in to this account (issue 17): its own guess budget. */
    device: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  strict,
)
export type LoginRequest = Static<typeof LoginRequest>

/**
 * With mfa true, Token is the temporary token that POST /auth/mfa expects. `passwordChangeRequired` (only when
 * true): the account has a one-time password and must set its own before anything else (issue 11).
 */
export const LoginResponse = Type.Object({
  Token: Type.String(),
  mfa: Type.Boolean(),
  message: Type.String(),
  passwordChangeRequired: Type.Optional(Type.Boolean()),
  /** After a full sign-in: the device's proof for this account, kept and sent with the next sign-in. */
  device: Type.Optional(Type.String()),
})
export type LoginResponse = Static<typeof LoginResponse>

export const MfaRequest = Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }, strict)
export type MfaRequest = Static<typeof MfaRequest>

export const MfaResponse = Type.Object({
  Token: Type.String(),
  message: Type.String(),
  passwordChangeRequired: Type.Optional(Type.Boolean()),
  /** The device's proof for this account, as in LoginResponse. */
  device: Type.Optional(Type.String()),
})
export type MfaResponse = Static<typeof MfaResponse>

/**
 * An empty email turns MFA off. `password` (beyond the spec, issue 18): the account's current password, asked for
 * every change of the address, as for a password change.
 */
export const SetMfaRequest = Type.Object(
  {
    email: Type.String({ maxLength: LIMITS.emailMax }),
    /** Optional in the schema so that its absence gets the service's Hungarian message. */
    password: Type.Optional(Type.String({ maxLength: LIMITS.passwordMax })),
  },
  strict,
)
export type SetMfaRequest = Static<typeof SetMfaRequest>
