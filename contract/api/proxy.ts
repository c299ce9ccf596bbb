/** Proxy Manager: the blocked domains (spec §4 Blocked domains, §5, §8; DESIGN §3). */
import { Type, type Static } from '@sinclair/typebox'
import { DOMAIN_INPUT_MAX } from '../domain-name'
import { strict } from './common'

export const BlockedDomainsResponse = Type.Object({
  code: Type.Integer(),
  blockedDomains: Type.Array(Type.String()),
})
export type BlockedDomainsResponse = Static<typeof BlockedDomainsResponse>

/** The answer of an add or delete (and of a 409 duplicate / 404 unknown): the whole sorted list, and a message. */
export const BlockedDomainsChange = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  blockedDomains: Type.Array(Type.String()),
})
export type BlockedDomainsChange = Static<typeof BlockedDomainsChange>

/** POST and DELETE /proxy/block. The text is normalised by the server (contract/domain-name.ts). */
export const DomainRequest = Type.Object({ domain: Type.String({ maxLength: DOMAIN_INPUT_MAX }) }, strict)
export type DomainRequest = Static<typeof DomainRequest>
