import type { QueryClient } from '@tanstack/react-query'
import { studentsQuery } from '@/api/students'
import { prefetchOnce } from '@/lib/prefetch-once'

/** What Diákok shows first: the list (also asked for by the first load, `src/app/start-signed-in.ts`). */
export function prefetchStudents(queryClient: QueryClient): void {
  void prefetchOnce(queryClient, studentsQuery())
}
