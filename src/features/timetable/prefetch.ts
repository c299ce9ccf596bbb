import type { QueryClient } from '@tanstack/react-query'
import { dashboardQuery } from '@/api/dashboard'
import { whenIdle } from '@/lib/when-idle'

/** The user whose plan is being read ahead (warming runs on every shell render). */
let readAheadFor: string | null = null

/**
 * The signed-in user's plan, read now: what the shell awaits with the screen's code when Munkaidő tervező is chosen
 * before its code has loaded, so that the screen's first render draws the week. The read's module comes with it.
 */
export function readPlanNow(queryClient: QueryClient): Promise<void> {
  const userId = queryClient.getQueryData(dashboardQuery().queryKey)?.user.id
  if (!userId) return Promise.resolve()
  // prefetchQuery, not prefetchOnce: a read already under way (the idle one below) is waited for, not skipped.
  return import('./api/timetable-plan').then(({ planQuery }) => queryClient.prefetchQuery(planQuery(userId)))
}

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
    readPlanNow(queryClient).catch(() => {
      readAheadFor = null
    })
  })
}
