import type { QueryClient } from '@tanstack/react-query'
import { prefetchOnce } from '@/lib/prefetch-once'
import { auditLogQuery, auditLogUsersQuery } from './api/audit-log'

/**
 * The first page of the unfiltered log and the users, fetched while online so that the service worker holds them
 * when the network is gone (DESIGN §5). Does nothing when the cache already has (or is getting) them.
 */
export function prefetchAuditLog(queryClient: QueryClient): void {
  const log = auditLogQuery({})
  if (!queryClient.getQueryState(log.queryKey)) void queryClient.prefetchInfiniteQuery(log)
  void prefetchOnce(queryClient, auditLogUsersQuery())
}
