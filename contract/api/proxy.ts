/** Proxy Manager: the blocked domains (spec §4 Blocked domains, §5, §8; DESIGN §3). */
import { Type, type Static } from '@sinclair/typebox'
import { BULK_DOMAINS_MAX, COMMENT_INPUT_MAX, DOMAIN_INPUT_MAX } from '../domain-name'
import { strict } from './common'

/**
 * The comments (issue 9, Pi-hole's anchor) ride beside the spec's `blockedDomains` string array instead of
 * changing its shape: domain → comment, only for the domains that have one (docs/decisions/proxy.md, "Comments beside the spec's list").
 */
const Comments = Type.Record(Type.String(), Type.String())

export const BlockedDomainsResponse = Type.Object({
  code: Type.Integer(),
  blockedDomains: Type.Array(Type.String()),
  comments: Comments,
})
export type BlockedDomainsResponse = Static<typeof BlockedDomainsResponse>

/** The answer of an add or delete (and of a 409 duplicate / 404 unknown): the whole sorted list, and a message. */
export const BlockedDomainsChange = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  blockedDomains: Type.Array(Type.String()),
  comments: Comments,
})
export type BlockedDomainsChange = Static<typeof BlockedDomainsChange>

const DomainText = Type.String({ maxLength: DOMAIN_INPUT_MAX })
/** The schema bounds the input only; the server trims it and answers a Hungarian 400 past COMMENT_MAX. */
const CommentText = Type.String({ maxLength: COMMENT_INPUT_MAX })

/** DELETE /proxy/block. The text is normalised by the server (contract/domain-name.ts). */
export const DomainRequest = Type.Object({ domain: DomainText }, strict)
export type DomainRequest = Static<typeof DomainRequest>

/** POST /proxy/block: the spec's `{domain}`, and an optional comment (beyond the spec). */
export const DomainAddRequest = Type.Object(
  { domain: DomainText, comment: Type.Optional(CommentText) },
  strict,
)
export type DomainAddRequest = Static<typeof DomainAddRequest>

/** PUT /proxy/block/comment: replaces a listed domain's comment; an empty one removes it. */
export const DomainCommentRequest = Type.Object({ domain: DomainText, comment: CommentText }, strict)
export type DomainCommentRequest = Static<typeof DomainCommentRequest>

/** POST /proxy/block/bulk: many entries (already split from pasted lines or a hosts file), one optional comment. */
export const BulkDomainsRequest = Type.Object(
  {
    domains: Type.Array(DomainText, { minItems: 1, maxItems: BULK_DOMAINS_MAX }),
    comment: Type.Optional(CommentText),
  },
  strict,
)
export type BulkDomainsRequest = Static<typeof BulkDomainsRequest>

/** What happened to one entry of a bulk add, in the order sent. */
export const BulkDomainOutcome = Type.Union([
  Type.Object({ input: Type.String(), status: Type.Literal('added'), domain: Type.String() }),
  Type.Object({ input: Type.String(), status: Type.Literal('duplicate'), domain: Type.String() }),
  Type.Object({ input: Type.String(), status: Type.Literal('invalid'), error: Type.String() }),
])
export type BulkDomainOutcome = Static<typeof BulkDomainOutcome>

/** The answer of a bulk add: the counts, the per-entry report and the new list (which replaces the cached one). */
export const BulkDomainsAnswer = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  added: Type.Integer(),
  duplicates: Type.Integer(),
  invalid: Type.Integer(),
  report: Type.Array(BulkDomainOutcome),
  blockedDomains: Type.Array(Type.String()),
  comments: Comments,
})
export type BulkDomainsAnswer = Static<typeof BulkDomainsAnswer>
