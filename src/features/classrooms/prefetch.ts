import type { QueryClient } from '@tanstack/react-query'
import { classroomsQuery } from '@/api/classrooms'
import { prefetchOnce } from '@/lib/prefetch-once'

/** What Tantermek shows first: the classrooms. */
export function prefetchClassrooms(queryClient: QueryClient): void {
  void prefetchOnce(queryClient, classroomsQuery())
}
