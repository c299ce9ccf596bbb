import type { QueryClient } from '@tanstack/react-query'
import { alertsQuery } from './api/alerts'
import { prefetchOnce } from '@/lib/prefetch-once'

/**
 * What Kezdőlap shows first besides the teacher's groups: the announcements. The groups (and their seating) come
 * with Csoportok's prefetch, which the screen registry runs for Kezdőlap too (`src/app/shell/screens.tsx`).
 */
export function prefetchDashboard(queryClient: QueryClient): void {
  void prefetchOnce(queryClient, alertsQuery())
}
