/** GET /health: the server and its database answer. */
import { Type, type Static } from '@sinclair/typebox'

export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  time: Type.String(),
})
export type HealthResponse = Static<typeof HealthResponse>
