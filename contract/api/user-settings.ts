/** GET/POST /dashboard/userSettings: the server-stored user settings (spec §7, DESIGN §3). */
import { Type, type Static } from '@sinclair/typebox'
import { strict } from './common'

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
