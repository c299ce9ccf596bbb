import type { QueryClient } from '@tanstack/react-query'
import { instructorGroupsQuery } from '@/api/instructor-groups'
import { prefetchOnce } from '@/lib/prefetch-once'
import { seatingQuery } from './seating/api/seating'

/**
 * The teacher's groups, then the seating of each group that has a classroom: fetched while online so the service
 * worker holds them when the classroom has no network (DESIGN §5: "a teacher who was online once opens … the group
 * and its seating in a dead zone"). A teacher leads a handful of groups: a few small requests.
 */
export function prefetchGroups(queryClient: QueryClient): void {
  void prefetchOnce(queryClient, instructorGroupsQuery()).then(() => {
    const groups = queryClient.getQueryData(instructorGroupsQuery().queryKey)?.groups ?? []
    for (const group of groups) {
      if (group.classroom) void prefetchOnce(queryClient, seatingQuery(group.classroom, group.id))
    }
  })
}
