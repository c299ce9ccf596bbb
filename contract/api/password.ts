/** One's own password (issue 11): POST /api/auth/password. Messages and the length rule: contract/password-rule.ts. */
import { Type, type Static } from '@sinclair/typebox'
import { LIMITS } from '../limits'
import { strict } from './common'

/**
 * `currentPassword` is required unless the account has a one-time password (the first sign-in screen: the person
 * typed it a moment ago to get this very session). The length rule is checked by the service, with its own message.
 */
export const OwnPasswordRequest = Type.Object(
  {
    currentPassword: Type.Optional(Type.String({ maxLength: LIMITS.passwordMax })),
    newPassword: Type.String({ maxLength: LIMITS.passwordMax }),
  },
  strict,
)
export type OwnPasswordRequest = Static<typeof OwnPasswordRequest>
