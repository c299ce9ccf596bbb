import type { QueryClient } from '@tanstack/react-query'
import { dashboardQuery } from '@/api/dashboard'
import { prefetchOnce } from '@/lib/prefetch-once'
import { whenIdle } from '@/lib/when-idle'

/** The user whose plan is being read ahead (warming runs on every shell render). */
let readAheadFor: string | null = null

/**
 * The signed-in user's plan, read from IndexedDB on an idle moment once the menu shows Munkaidő tervező: the screen
 * then draws the week in its first render, instead of a 'betöltése' state and a second render (and layout) after the
 * read. The read's module is loaded then too (the plan's check needs the entity's module, not the shell's).
 */
export function prefetchTimetable(queryClient: QueryClient): void {
  const userId = queryClient.getQueryData(dashboardQuery().queryKey)?.user.id
  if (!userId || readAheadFor === userId) return
  readAheadFor = userId
  whenIdle(() => {
    void import('./api/timetable-plan')
      .then(({ planQuery }) => prefetchOnce(queryClient, planQuery(userId)))
      .catch(() => {
        readAheadFor = null
      })
  })
}
