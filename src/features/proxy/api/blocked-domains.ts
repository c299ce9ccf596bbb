/**
 * The blocked domains (spec §4 Blocked domains, §7, §8): the list, and the administrators' online writes. After a
 * successful add or delete the cached list is REPLACED by the answer's blockedDomains (spec §4); a 409 duplicate
 * or 404 unknown answer carries the server's list too, which also replaces the cached one.
 */
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query'
import type { BlockedDomainsChange, BlockedDomainsResponse } from '../../../../contract/api'
import { queryKeyOf } from '../../../../contract/api-resources'
import { MESSAGES } from '../../../../contract/messages'
import { ApiError, apiRequest } from '../../../lib/api-client'
import { writeMutation } from '../../../lib/write-mutation'

export const proxyBlockKey = queryKeyOf('proxyBlock')

export interface BlockedDomainsData {
  blockedDomains: string[]
  /** When the server (or the service worker's cached copy) answered: feeds the offline marker. */
  date: Date | null
}

/** GET /proxy/block; a body code other than 200 is a failure (spec §8: 'code not 200 or exception'). */
export async function getBlockedDomains(signal?: AbortSignal): Promise<BlockedDomainsData> {
  const { data, date } = await apiRequest<BlockedDomainsResponse>('/proxy/block', { signal, expectCode: 200 })
  return { blockedDomains: Array.isArray(data?.blockedDomains) ? data.blockedDomains : [], date }
}

export const blockedDomainsQuery = queryOptions({
  queryKey: proxyBlockKey,
  queryFn: ({ signal }) => getBlockedDomains(signal),
})

export function useBlockedDomains() {
  return useQuery(blockedDomainsQuery)
}

/** The list an answer carries (success, or a 409/404 refusal that still names the server's list). */
function listOf(body: unknown): string[] | null {
  const list = (body as Partial<BlockedDomainsChange> | null)?.blockedDomains
  return Array.isArray(list) && list.every((d) => typeof d === 'string') ? list : null
}

function replaceList(client: QueryClient, list: string[]): void {
  client.setQueryData<BlockedDomainsData>(proxyBlockKey, (current) => ({
    blockedDomains: list,
    date: current?.date ?? null,
  }))
}

async function writeDomain(method: 'POST' | 'DELETE', domain: string): Promise<string[]> {
  const { data } = await apiRequest<BlockedDomainsChange>('/proxy/block', {
    method,
    body: { domain },
    expectCode: (code) => code === 200 || code === 201,
  })
  return listOf(data) ?? []
}

const addOptions = writeMutation<string[], string>({
  mutationFn: (domain) => writeDomain('POST', domain),
  invalidates: [],
})

const deleteOptions = writeMutation<string[], string>({
  mutationFn: (domain) => writeDomain('DELETE', domain),
  invalidates: [],
})

/** The handlers that put the server's list in the cache, on success and on a refusal that carries one. */
const replaceOnAnswer = {
  onSuccess: (list: string[], _v: string, _s: unknown, { client }: { client: QueryClient }) =>
    replaceList(client, list),
  onError: (error: Error, _v: string, _s: unknown, { client }: { client: QueryClient }) => {
    const list = error instanceof ApiError ? listOf(error.body) : null
    if (list) replaceList(client, list)
  },
}

export function useAddBlockedDomain() {
  return useMutation({ ...addOptions, ...replaceOnAnswer })
}

export function useDeleteBlockedDomain() {
  return useMutation({ ...deleteOptions, ...replaceOnAnswer })
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
