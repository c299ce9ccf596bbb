/**
 * The blocked domains (spec §4 Blocked domains, §7, §8): the list, and the administrators' online writes. After a
 * successful add or delete the cached list is REPLACED by the answer's blockedDomains (spec §4); a 409 duplicate
 * or 404 unknown answer carries the server's list too, which also replaces the cached one.
 */
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query'
import type { BlockedDomainsChange, BlockedDomainsResponse, BulkDomainsAnswer } from '@contract/api'
import { PROXY_MESSAGES } from '@contract/domain-name'
import { queryKeyOf } from '@contract/api-resources'
import { MESSAGES } from '@contract/messages'
import { ApiError, apiRequest } from '@/lib/api-client'
import { writeMutation } from '@/lib/write-mutation'

export const proxyBlockKey = queryKeyOf('proxyBlock')

export interface BlockedDomainsData {
  blockedDomains: string[]
  /** domain → comment, for the domains that have one (beside the spec's string array; issue 9). */
  comments: Record<string, string>
  /** When the server (or the service worker's cached copy) answered: feeds the offline marker. */
  date: Date | null
}

/** GET /proxy/block; a body code other than 200 is a failure (spec §8: 'code not 200 or exception'). */
export async function getBlockedDomains(signal?: AbortSignal): Promise<BlockedDomainsData> {
  const { data, date } = await apiRequest<BlockedDomainsResponse>('/proxy/block', { signal, expectCode: 200 })
  return {
    blockedDomains: Array.isArray(data?.blockedDomains) ? data.blockedDomains : [],
    comments: commentsOf(data) ?? {},
    date,
  }
}

export const blockedDomainsQuery = () =>
  queryOptions({
    queryKey: proxyBlockKey,
    queryFn: ({ signal }) => getBlockedDomains(signal),
  })

export function useBlockedDomains() {
  return useQuery(blockedDomainsQuery())
}

/** The comments an answer carries; an answer without them (an older server) counts as none. */
function commentsOf(body: unknown): Record<string, string> | null {
  const comments = (body as Partial<BlockedDomainsChange> | null)?.comments
  return comments && typeof comments === 'object' && !Array.isArray(comments) ? comments : null
}

/** The list an answer carries (success, or a 409/404 refusal that still names the server's list). */
function stateOf(body: unknown): ListState | null {
  const list = (body as Partial<BlockedDomainsChange> | null)?.blockedDomains
  if (!Array.isArray(list) || !list.every((d) => typeof d === 'string')) return null
  return { blockedDomains: list, comments: commentsOf(body) ?? {} }
}

type ListState = Pick<BlockedDomainsData, 'blockedDomains' | 'comments'>

/**
 * Puts a write's answer (the whole list as the server now holds it) in the cache. A list fetch still running left
 * before the server applied the write: it is cancelled first, or it would land after the answer and put the older
 * list back for good (seen in CI). TanStack reverts a cancelled fetch to the data before it, so the answer goes in
 * after the cancel has settled.
 */
async function replaceList(client: QueryClient, state: ListState): Promise<void> {
  await client.cancelQueries({ queryKey: proxyBlockKey })
  client.setQueryData<BlockedDomainsData>(proxyBlockKey, (current) => ({
    ...state,
    date: current?.date ?? null,
  }))
}

const EMPTY: ListState = { blockedDomains: [], comments: {} }

async function writeDomain(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: Record<string, string>,
): Promise<ListState> {
  const { data } = await apiRequest<BlockedDomainsChange>(path, {
    method,
    body,
    expectCode: (code) => code === 200 || code === 201,
  })
  return stateOf(data) ?? EMPTY
}

export interface DomainComment {
  domain: string
  comment: string
}

const addOptions = writeMutation<ListState, string>({
  mutationFn: (domain) => writeDomain('POST', '/proxy/block', { domain }),
  invalidates: [],
})

const deleteOptions = writeMutation<ListState, string>({
  mutationFn: (domain) => writeDomain('DELETE', '/proxy/block', { domain }),
  invalidates: [],
})

const commentOptions = writeMutation<ListState, DomainComment>({
  mutationFn: (body) => writeDomain('PUT', '/proxy/block/comment', { ...body }),
  invalidates: [],
})

export interface BulkAdd {
  domains: string[]
  comment: string
}

/** POST /proxy/block/bulk: one request, one transaction, a report per entry (issue 9). */
const bulkOptions = writeMutation<BulkDomainsAnswer, BulkAdd>({
  mutationFn: async ({ domains, comment }) => {
    const { data } = await apiRequest<BulkDomainsAnswer>('/proxy/block/bulk', {
      method: 'POST',
      body: comment.trim() ? { domains, comment } : { domains },
      expectCode: 200,
    })
    return data
  },
  invalidates: [],
})

/** The handlers that put the server's list in the cache, on success and on a refusal that carries one. */
function replaceOnAnswer<V>() {
  return {
    onSuccess: (answer: ListState, _v: V, _s: unknown, { client }: { client: QueryClient }) =>
      replaceList(client, stateOf(answer) ?? EMPTY),
    onError: async (error: Error, _v: V, _s: unknown, { client }: { client: QueryClient }) => {
      const state = error instanceof ApiError ? stateOf(error.body) : null
      if (state) await replaceList(client, state)
    },
  }
}

export function useAddBlockedDomain() {
  return useMutation({ ...addOptions, ...replaceOnAnswer<string>() })
}

export function useDeleteBlockedDomain() {
  return useMutation({ ...deleteOptions, ...replaceOnAnswer<string>() })
}

export function useSetDomainComment() {
  return useMutation({ ...commentOptions, ...replaceOnAnswer<DomainComment>() })
}

export function useBulkAddDomains() {
  return useMutation({ ...bulkOptions, ...replaceOnAnswer<BulkAdd>() })
}

/** A comment or bulk-add failure: 403 → the permission message, a 400 → the server's reason, else the own text. */
export function commentErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return MESSAGES.forbidden
  if (error instanceof ApiError && error.status === 400 && error.message) return error.message
  return PROXY_MESSAGES.commentError
}

export function bulkErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return MESSAGES.forbidden
  if (error instanceof ApiError && error.status === 400 && error.message) return error.message
  return PROXY_MESSAGES.bulkError
}

/** Spec §8: 403 → the permission message; anything else → the action's own message. */
export function addErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 403
    ? MESSAGES.forbidden
    : 'Hiba történt a domain hozzáadása közben.'
}

export function deleteErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 403
    ? MESSAGES.forbidden
    : 'Hiba történt a domain eltávolítása közben.'
}

/** The server's reason for a 400 or 409 (shown under the field, beside the spec's toast). */
export function refusalReason(error: unknown): string | null {
  return error instanceof ApiError && (error.status === 400 || error.status === 409) ? error.message : null
}
