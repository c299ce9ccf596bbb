/** GET /auth/outbox-key (issue 17): the signed-in account's key for parking its unsent writes on this device. */
import type { OutboxKeyResponse } from '@contract/api/outbox-key'
import { apiRequest } from '../lib/api-client'

export async function getOutboxKey(): Promise<OutboxKeyResponse> {
  return (await apiRequest<OutboxKeyResponse>('/auth/outbox-key')).data
}
