/**
 * Proxy Manager (spec §4 Blocked domains, §5, §8; DESIGN §3; issue 9): the sorted list with its comments, add,
 * bulk add, comment edit and delete of normalised domains (Change factories for `runWrite`: the domains are
 * normalised before the transaction; the spec's audit catalogue names no proxy event, so none is written), and the Squid `dstdomain` feed.
 */
import type { BlockedDomainsChange, BulkDomainOutcome, BulkDomainsAnswer } from '@contract/api'
import {
  PROXY_MESSAGES,
  bulkAddedMessage,
  normaliseComment,
  normaliseDomain,
  squidDstdomain,
} from '@contract/domain-name'
import { MESSAGES } from '@contract/messages'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import {
  deleteBlockedDomain,
  insertBlockedDomain,
  insertBlockedDomains,
  listBlockedDomains,
  listDomainComments,
  updateDomainComment,
} from '../repositories/blocked-domains-repository'
import { keptList, type KeptList } from './kept-lists'
import { SerialisedBody, type Change } from './write'

export { listBlockedDomains }

/** The list as every answer carries it: the spec's sorted string array, and the comments beside it. */
export async function blockedDomainsState(
  db: Db,
): Promise<{ blockedDomains: string[]; comments: Record<string, string> }> {
  return { blockedDomains: await listBlockedDomains(db), comments: await listDomainComments(db) }
}

function normalised(input: string): string {
  const result = normaliseDomain(input)
  if (result.error !== undefined) throw new HttpError(400, result.error)
  return result.domain
}

function commentOf(input: string | undefined): string | null {
  const result = normaliseComment(input)
  if (result.error !== undefined) throw new HttpError(400, result.error)
  return result.comment
}

/** The list and its comments as GET /proxy/block answers them: kept with its serialised parts. */
export interface BlockList {
  domains: string[]
  comments: Record<string, string>
  /** `domains` and `comments` serialised, for answers that carry the list (the writes'). */
  domainsJson: string
  commentsJson: string
}

/** GET /proxy/block kept serialised per change of the blocked domains (services/kept-lists.ts). */
export function keptBlockList(db: Db): KeptList<BlockList> {
  return keptList(db, 'blocked_domains', async (stillWanted) => {
    const { blockedDomains, comments } = await blockedDomainsState(db)
    stillWanted()
    const domainsJson = JSON.stringify(blockedDomains)
    const commentsJson = JSON.stringify(comments)
    return {
      body: `{"code":200,"blockedDomains":${domainsJson},"comments":${commentsJson}}`,
      value: { domains: blockedDomains, comments, domainsJson, commentsJson },
    }
  })
}

/** GET /proxy/block.txt kept per change of the blocked domains. */
export function keptSquidFeed(db: Db): KeptList {
  return keptList(db, 'blocked_domains', async () => ({ body: await squidFeed(db), value: undefined }))
}

/** A BlockedDomainsChange answer serialised around the list's kept JSON. */
function listAnswer(
  code: number,
  message: string,
  domainsJson: string,
  commentsJson: string,
): SerialisedBody {
  return new SerialisedBody(
    `{"code":${code},"message":${JSON.stringify(message)},"blockedDomains":${domainsJson},"comments":${commentsJson}}`,
  )
}

/**
 * 201 with the new list; a domain already on the list is a 409 with the unchanged list (its comment kept). The spec
 * fixes the answer (code, blockedDomains[]): it is made from the kept list read before the transaction (`list`)
 * with the one domain added, not read and serialised again. A domain another process added meanwhile may be missing
 * from this answer; the next GET has it.
 */
export function addBlockedDomain(
  input: string,
  commentInput: string | undefined,
  list: BlockList,
): Change<BlockedDomainsChange> {
  const domain = normalised(input)
  const comment = commentOf(commentInput)
  return async ({ tx, now }) => {
    const added = await insertBlockedDomain(tx, domain, now, comment)
    if (!added) {
      const { domainsJson, commentsJson } = list
      return { status: 409, body: listAnswer(409, MESSAGES.domainDuplicate, domainsJson, commentsJson) }
    }
    const domains = list.domains.filter((listed) => listed !== domain)
    domains.splice(sortedIndex(domains, domain), 0, domain)
    const commentsJson =
      comment === null ? list.commentsJson : JSON.stringify({ ...list.comments, [domain]: comment })
    return { status: 201, body: listAnswer(201, MESSAGES.domainAdded, JSON.stringify(domains), commentsJson) }
  }
}

/** Where `value` goes in the byte-ordered `sorted` (the list's order, blocked-domains-repository.ts). */
function sortedIndex(sorted: readonly string[], value: string): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle]! < value) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * Bulk add in the one transaction of the request: each entry normalised; one already listed, or repeated earlier
 * in the batch, is a duplicate; an invalid one is reported with its message and skipped. 200 even when nothing was
 * added (the report is the answer); a batch comment goes to every added domain.
 */
export function addBlockedDomains(
  inputs: readonly string[],
  commentInput?: string,
): Change<BulkDomainsAnswer> {
  const comment = commentOf(commentInput)
  const seen = new Set<string>()
  const fresh: string[] = []
  const parsed = inputs.map((input) => {
    const result = normaliseDomain(input)
    if (result.error !== undefined) return { input, error: result.error }
    const first = !seen.has(result.domain)
    if (first) {
      seen.add(result.domain)
      fresh.push(result.domain)
    }
    return { input, domain: result.domain, first }
  })
  return async ({ tx, now }) => {
    const inserted = await insertBlockedDomains(tx, fresh, now, comment)
    let added = 0
    let duplicates = 0
    let invalid = 0
    const report: BulkDomainOutcome[] = parsed.map((entry) => {
      if (entry.domain === undefined) {
        invalid++
        return { input: entry.input, status: 'invalid', error: entry.error ?? MESSAGES.badRequest }
      }
      if (entry.first && inserted.has(entry.domain)) {
        added++
        return { input: entry.input, status: 'added', domain: entry.domain }
      }
      duplicates++
      return { input: entry.input, status: 'duplicate', domain: entry.domain }
    })
    const state = await blockedDomainsState(tx)
    return {
      body: {
        code: 200,
        message: bulkAddedMessage(added, duplicates, invalid),
        added,
        duplicates,
        invalid,
        report,
        ...state,
      },
    }
  }
}

/** 200 with the new list; a domain not on the list is a 404 with the unchanged list. */
export function setDomainComment(input: string, commentInput: string): Change<BlockedDomainsChange> {
  const domain = normalised(input)
  const comment = commentOf(commentInput)
  return async ({ tx }) => {
    const updated = await updateDomainComment(tx, domain, comment)
    const state = await blockedDomainsState(tx)
    if (!updated) return { status: 404, body: { code: 404, message: MESSAGES.domainNotFound, ...state } }
    return { body: { code: 200, message: PROXY_MESSAGES.commentSaved, ...state } }
  }
}

/** 200 with the new list; a domain not on the list is a 404 with the unchanged list. From the kept list, as the add. */
export function removeBlockedDomain(input: string, list: BlockList): Change<BlockedDomainsChange> {
  const domain = normalised(input)
  return async ({ tx }) => {
    const removed = await deleteBlockedDomain(tx, domain)
    if (!removed) {
      return {
        status: 404,
        body: listAnswer(404, MESSAGES.domainNotFound, list.domainsJson, list.commentsJson),
      }
    }
    const domains = list.domains.filter((listed) => listed !== domain)
    const commentsJson =
      domain in list.comments ? JSON.stringify({ ...list.comments, [domain]: undefined }) : list.commentsJson
    return { body: listAnswer(200, MESSAGES.domainDeleted, JSON.stringify(domains), commentsJson) }
  }
}

/** The text the school's Squid fetches: one `.domain` a line (each also matches its subdomains). */
export async function squidFeed(db: Db): Promise<string> {
  return squidDstdomain(await listBlockedDomains(db))
}
