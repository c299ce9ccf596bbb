/**
 * The TanStack Query client. `offlineFirst` lets queries and mutations run while the browser reports offline,
 * so a request still reaches the service worker's cache (DESIGN §5: the offline reload shows cached data).
 */
import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'

/** A 4xx will not change by asking again; network errors and 5xx get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 2
}

/** Builds a client; tests pass `{ retry: false }` to fail fast. */
export function createQueryClient(overrides: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        retry: overrides.retry ?? shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'offlineFirst', retry: false },
    },
  })
}

/** The app's single client. */
export const queryClient = createQueryClient()
