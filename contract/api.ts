/**
 * TypeBox schemas of every request and response (spec §7, DESIGN §3). The server validates and serialises
 * with them; the client imports their static types only (`import type`), which costs the bundle nothing.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { LIMITS } from './limits'

const strict = { additionalProperties: false } as const

export const ErrorBody = Type.Object({ code: Type.Integer(), message: Type.String() })
export type ErrorBody = Static<typeof ErrorBody>

export const MessageBody = Type.Object({ code: Type.Integer(), message: Type.String() })
export type MessageBody = Static<typeof MessageBody>

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

// --- auth ---------------------------------------------------------------------------------------------------

export const LoginRequest = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: LIMITS.usernameMax }),
    password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
  },
  strict,
)
export type LoginRequest = Static<typeof LoginRequest>

/** With mfa true, Token is the temporary token that POST /auth/mfa expects. */
export const LoginResponse = Type.Object({
  Token: Type.String(),
  mfa: Type.Boolean(),
  message: Type.String(),
})
export type LoginResponse = Static<typeof LoginResponse>

export const MfaRequest = Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }, strict)
export type MfaRequest = Static<typeof MfaRequest>

export const MfaResponse = Type.Object({ Token: Type.String(), message: Type.String() })
export type MfaResponse = Static<typeof MfaResponse>

/** An empty email turns MFA off. */
export const SetMfaRequest = Type.Object({ email: Type.String({ maxLength: LIMITS.emailMax }) }, strict)
export type SetMfaRequest = Static<typeof SetMfaRequest>

// --- dashboard ----------------------------------------------------------------------------------------------

export const FeatureSchema = Type.Object({
  id: Type.String(),
  enabled: Type.Boolean(),
  startDate: Type.Union([Type.String(), Type.Null()]),
  endDate: Type.Union([Type.String(), Type.Null()]),
  dependencies: Type.Array(Type.String()),
  variant: Type.Optional(Type.Union([Type.String(), Type.Null()])),
})

export const UserType = Type.Union([Type.Literal('admin'), Type.Literal('teacher'), Type.Literal('student')])

export const DashboardUser = Type.Object({
  id: Type.String(),
  name: Type.String(),
  username: Type.String(),
  type: UserType,
})
export type DashboardUser = Static<typeof DashboardUser>

export const DashboardResponse = Type.Object({
  user: DashboardUser,
  features: Type.Record(Type.String(), FeatureSchema),
  '2fa': Type.Object({ email: Type.String() }),
  config: Type.Object({ shortLinkBase: Type.String() }),
})
export type DashboardResponse = Static<typeof DashboardResponse>

export const QuickActionSchema = Type.Object(
  {
    id: Type.String({ maxLength: 64 }),
    name: Type.String({ maxLength: 120 }),
    url: Type.String({ maxLength: 2048 }),
    icon: Type.String({ maxLength: 64 }),
  },
  strict,
)

/** Server-stored user settings: only the keys of the `default` domain. */
export const UserSettings = Type.Object(
  {
    quickActions: Type.Optional(Type.Array(QuickActionSchema, { maxItems: 50 })),
    'lookAndFeel:theme': Type.Optional(Type.Union([Type.Literal('light'), Type.Literal('dark')])),
  },
  strict,
)
export type UserSettings = Static<typeof UserSettings>

export const UserSettingsResponse = Type.Object({ userSettings: UserSettings })
export type UserSettingsResponse = Static<typeof UserSettingsResponse>

export const UserSettingsRequest = Type.Object({ userSettings: UserSettings }, strict)
export type UserSettingsRequest = Static<typeof UserSettingsRequest>

export const UserSettingsSaved = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  userSettings: UserSettings,
})
export type UserSettingsSaved = Static<typeof UserSettingsSaved>

// --- students -----------------------------------------------------------------------------------------------

export const Student = Type.Object({ id: Type.String(), name: Type.String(), username: Type.String() })
export type Student = Static<typeof Student>

export const StudentsResponse = Type.Object({ students: Type.Array(Student) })
export type StudentsResponse = Static<typeof StudentsResponse>

export const StudentPasswordRequest = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: LIMITS.usernameMax }),
    password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
  },
  strict,
)
export type StudentPasswordRequest = Static<typeof StudentPasswordRequest>

// --- alerts -------------------------------------------------------------------------------------------------

export const Alert = Type.Object({ id: Type.String(), _id: Type.String(), message: Type.String() })
export type Alert = Static<typeof Alert>

export const AlertsResponse = Type.Object({ code: Type.Integer(), alerts: Type.Array(Alert) })
export type AlertsResponse = Static<typeof AlertsResponse>

// --- health -------------------------------------------------------------------------------------------------

export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  time: Type.String(),
  database: Type.String(),
})
export type HealthResponse = Static<typeof HealthResponse>
