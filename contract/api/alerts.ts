/** Announcements: everyone signed in reads them; administrators create and delete them (DESIGN §3). */
import { Type, type Static } from '@sinclair/typebox'
import { LIMITS } from '../limits'
import { strict } from './common'

export const Alert = Type.Object({ id: Type.String(), _id: Type.String(), message: Type.String() })
export type Alert = Static<typeof Alert>

export const AlertsResponse = Type.Object({ code: Type.Integer(), alerts: Type.Array(Alert) })
export type AlertsResponse = Static<typeof AlertsResponse>

export const CreateAlertRequest = Type.Object(
  { message: Type.String({ minLength: 1, maxLength: LIMITS.alertMax }) },
  strict,
)
export type CreateAlertRequest = Static<typeof CreateAlertRequest>

/** The id of DELETE /alerts/:id. Any text is accepted; one that is not a UUID names no announcement (404). */
export const AlertIdParams = Type.Object({ id: Type.String({ maxLength: 200 }) })
export type AlertIdParams = Static<typeof AlertIdParams>
