/** GET /dashboard: the signed-in user, their features, the MFA e-mail and the client config (spec §7). */
import { Type, type Static } from '@sinclair/typebox'

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
  config: Type.Object({
    shortLinkBase: Type.String(),
    /** The school's time zone (IANA, the server's TZ): the page shows times and counts days in it. */
    timeZone: Type.String(),
  }),
})
export type DashboardResponse = Static<typeof DashboardResponse>
