/**
 * Proxy Manager (spec §4 Blocked domains, §5, §8; DESIGN §3): the sorted list, add and delete of normalised
 * domains (run by `runWrite`; the spec's audit catalogue names no proxy event, so none is written), and the
 * Squid `dstdomain` feed.
 */
import type { BlockedDomainsChange } from '../../contract/api'
import { normaliseDomain, squidDstdomain } from '../../contract/domain-name'
import { MESSAGES } from '../../contract/messages'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import {
  deleteBlockedDomain,
  insertBlockedDomain,
  listBlockedDomains,
} from '../repositories/blocked-domains-repository'
import type { WriteContext, WriteResult } from './write'

export { listBlockedDomains }

function normalised(input: string): string {
  const result = normaliseDomain(input)
  if (result.error !== undefined) throw new HttpError(400, result.error)
  return result.domain
}

/** 201 with the new list; a domain already on the list is a 409 with the unchanged list. */
export async function addBlockedDomain(
  w: WriteContext,
  input: string,
): Promise<WriteResult<BlockedDomainsChange>> {
  const domain = normalised(input)
  const added = await insertBlockedDomain(w.tx, domain, w.now)
  const blockedDomains = await listBlockedDomains(w.tx)
  if (!added) return { status: 409, body: { code: 409, message: MESSAGES.domainDuplicate, blockedDomains } }
  return { status: 201, body: { code: 201, message: MESSAGES.domainAdded, blockedDomains } }
}

/** 200 with the new list; a domain not on the list is a 404 with the unchanged list. */
export async function removeBlockedDomain(
  w: WriteContext,
  input: string,
): Promise<WriteResult<BlockedDomainsChange>> {
  const domain = normalised(input)
  const removed = await deleteBlockedDomain(w.tx, domain)
  const blockedDomains = await listBlockedDomains(w.tx)
  if (!removed) return { status: 404, body: { code: 404, message: MESSAGES.domainNotFound, blockedDomains } }
  return { body: { code: 200, message: MESSAGES.domainDeleted, blockedDomains } }
}

/** The text the school's Squid fetches: one `.domain` a line (each also matches its subdomains). */
export async function squidFeed(db: Db): Promise<string> {
  return squidDstdomain(await listBlockedDomains(db))
}
