/**
 * Where parked writes meet the session (src/lib/outbox/parked-writes.ts holds the sealing and the store): the 401 rule parks the
 * session's waiting writes; the signed-in app's start fetches the account's key, keeps it for a later 401 and looks
 * for what an earlier session of the same account left on this device.
 */
import { apiCacheName } from '@contract/api-cache-name'
import { getOutboxKey } from '@/api/auth'
import { getToken } from '@/lib/session'
import { outbox } from '@/lib/outbox/outbox'
import {
  findParkedWrites,
  parkWrites,
  rememberOutboxKey,
  type ParkedWrites,
} from '@/lib/outbox/parked-writes'

async function currentOwner(): Promise<string | null> {
  const token = getToken()
  return token ? apiCacheName(token) : null
}

/** Before the 401 rule's wipe: parks this session's waiting writes. Returns how many. */
export async function parkUnsentWrites(): Promise<number> {
  return parkWrites(await outbox.waitingItems(), await currentOwner())
}

/** At the signed-in app's start: keeps the account's key for this session and finds the account's parked writes. */
export async function claimParkedWrites(): Promise<ParkedWrites> {
  const { username, key } = await getOutboxKey()
  const owner = await currentOwner()
  if (!owner) return { bundleIds: [], items: [] }
  rememberOutboxKey({ owner, username, key })
  return findParkedWrites(username, key)
}
