/**
 * Short links (spec §7): GET /links, POST /links/ and DELETE /links/:id. The writes are online (`writeMutation`):
 * a taken code (409) or a refused target must reach the user at once, and a link is useless until it exists.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import type { CreateLinkRequest, CreateLinkResponse, LinksResponse, ShortLink } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { ApiError, apiRequest } from '@/lib/api-client'
import { writeMutation } from '@/lib/write-mutation'

const linksKey = queryKeyOf('links')

/** GET /links: every link, newest first. A non-ok answer is an error (spec §7). */
export async function getLinks(signal?: AbortSignal): Promise<ShortLink[]> {
  const { data } = await apiRequest<LinksResponse>('/links', { signal })
  return Array.isArray(data?.links) ? data.links : []
}

export const linksQuery = () =>
  queryOptions({ queryKey: linksKey, queryFn: ({ signal }) => getLinks(signal) })

export function useLinks() {
  return useQuery(linksQuery())
}

/** POST /links/ with the URL as typed; success is `code` 201 (spec §7). */
export async function createLink(request: CreateLinkRequest): Promise<string> {
  const { data } = await apiRequest<CreateLinkResponse>('/links/', {
    method: 'POST',
    body: request,
    expectCode: 201,
  })
  return data.id
}

/** DELETE /links/:id; success is `code` 200. */
export async function deleteLink(id: string): Promise<void> {
  await apiRequest<unknown>(`/links/${encodeURIComponent(id)}`, { method: 'DELETE', expectCode: 200 })
}

export function useCreateLink() {
  return useMutation(writeMutation({ mutationFn: createLink, invalidates: [linksKey] }))
}

export function useDeleteLink() {
  return useMutation(
    writeMutation<void, string, ShortLink[]>({
      mutationFn: deleteLink,
      invalidates: [],
      optimistic: { queryKey: linksKey, update: (links, id) => links.filter((link) => link.id !== id) },
    }),
  )
}

/** The spec's wording (§8): 'Hiba történt: {server message}' when the server answered, else `fallback`. */
export function linkErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return `Hiba történt: ${error.message}`
  return fallback
}
