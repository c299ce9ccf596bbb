import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * Starts `query` unless the cache already has (or is getting) its answer: what a feature's `prefetch.ts` calls, so
 * warming a screen on every shell render asks the server once.
 */
export function prefetchOnce<T, K extends QueryKey>(
  queryClient: QueryClient,
  query: FetchQueryOptions<T, Error, T, K>,
): Promise<void> {
  if (queryClient.getQueryState(query.queryKey)) return Promise.resolve()
  return queryClient.prefetchQuery(query)
}
