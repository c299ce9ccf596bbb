/** The one table of screens: each is a lazy chunk rendered in the shell's main area. */
import { Center, Text } from '@chakra-ui/react'
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react'
import { LoadingScreen } from '@/components/loading-screen'
import { alertsQuery } from '@/api/get-alerts'
import { classroomsQuery } from '@/api/get-classrooms'
import { instructorGroupsQuery } from '@/api/get-instructor-groups'
import { studentsQuery } from '@/api/get-students'
import { prefetchAuditLog } from '@/features/audit-log/api/audit-log'
import { seatingQuery } from '@/features/groups/seating/api/seating'

type PreloadableScreen = (() => ReactNode) & {
  /** Loads the screen's chunk; once it has loaded, the screen renders without suspending. */
  preload(): Promise<void>
  /** Whether the chunk has loaded. */
  ready(): boolean
}

/**
 * A lazy screen whose chunk can be loaded ahead of the click. React.lazy alone suspends on its first render even
 * when the module is already there, and a fallback shown on a click holds the screen back (React throttles the
 * reveal); a preloaded screen renders at once instead.
 */
function preloadable(load: () => Promise<{ default: ComponentType }>): PreloadableScreen {
  let loaded: ComponentType | null = null
  let loading: Promise<void> | null = null
  function preload(): Promise<void> {
    loading ??= load().then(
      (module) => {
        loaded = module.default
      },
      (error: unknown) => {
        loading = null
        throw error
      },
    )
    return loading
  }
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })))
  function Screen() {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the screen.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy)
    return <Component />
  }
  return Object.assign(Screen, { preload, ready: () => loaded !== null })
}

export const SCREENS: Record<string, ComponentType> = {
  Kezdőlap: preloadable(() => import('@/features/dashboard/dashboard-screen')),
  DiákKezdőlap: preloadable(() => import('@/features/student-home/student-home-screen')),
  Diákok: preloadable(() => import('@/features/students/students-screen')),
  Linkrövidítő: preloadable(() => import('@/features/links/links-screen')),
  Csoportok: preloadable(() => import('@/features/groups/groups-screen')),
  Tantermek: preloadable(() => import('@/features/classrooms/classrooms-screen')),
  Fájlok: preloadable(() => import('@/features/files/files-screen')),
  'Proxy Manager': preloadable(() => import('@/features/proxy/proxy-screen')),
  Munkaórák: preloadable(() => import('@/features/work-hours/work-hours-screen')),
  'Munkaidő tervező': preloadable(() => import('@/features/timetable/timetable-screen')),
  Rendszernapló: preloadable(() => import('@/features/audit-log/audit-log-screen')),
  Felhasználók: preloadable(() => import('@/features/users/users-screen')),
  Hibabejelentések: preloadable(() => import('@/features/bug-reports/bug-reports-screen')),
  Beállítások: preloadable(() => import('@/features/settings/settings-screen')),
}

/** Whether `id` renders without waiting for code: a plain screen, or a lazy one whose chunk has loaded. */
export function isScreenReady(id: string): boolean {
  const screen = Object.hasOwn(SCREENS, id) ? SCREENS[id] : undefined
  return !screen || !('ready' in screen) || (screen as PreloadableScreen).ready()
}

/** Starts `query` unless the cache already has (or is getting) its answer. */
function prefetchOnce<T, K extends QueryKey>(
  queryClient: QueryClient,
  query: FetchQueryOptions<T, Error, T, K>,
): Promise<void> {
  if (queryClient.getQueryState(query.queryKey)) return Promise.resolve()
  return queryClient.prefetchQuery(query)
}

/**
 * The teacher's groups, then the seating of each group that has a classroom: fetched while online so the service
 * worker holds them when the classroom has no network (DESIGN §5: "a teacher who was online once opens … the group
 * and its seating in a dead zone"). A teacher leads a handful of groups: a few small requests.
 */
function prefetchGroupsAndSeating(queryClient: QueryClient): void {
  void prefetchOnce(queryClient, instructorGroupsQuery).then(() => {
    const groups = queryClient.getQueryData(instructorGroupsQuery.queryKey)?.groups ?? []
    for (const group of groups) {
      if (group.classroom) void prefetchOnce(queryClient, seatingQuery(group.classroom, group.id))
    }
  })
}

/** What a screen shows first, fetched as soon as its menu entry is visible (a cached answer when offline). */
const SCREEN_DATA: Record<string, (queryClient: QueryClient) => void> = {
  Kezdőlap: (queryClient) => {
    void prefetchOnce(queryClient, alertsQuery)
    prefetchGroupsAndSeating(queryClient)
  },
  Diákok: (queryClient) => void prefetchOnce(queryClient, studentsQuery),
  Csoportok: prefetchGroupsAndSeating,
  Tantermek: (queryClient) => void prefetchOnce(queryClient, classroomsQuery),
  Rendszernapló: prefetchAuditLog,
}

/**
 * The screens opened most right after sign-in: their chunks load at once. The others' wait until the first screen
 * has settled, then for an idle moment: evaluating a chunk mid-way through the first screen's render delays it.
 */
const OPENED_FIRST = new Set(['Diákok'])
const OTHERS_AFTER_MS = 3000

const preloaded = new Set<string>()

function later(task: () => void): void {
  window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 })
    else task()
  }, OTHERS_AFTER_MS)
}

/**
 * Gets the screens the user can open ready before a click: their data starts loading and their code is loaded
 * (at once for the screens opened first, on idle for the rest). Idempotent, so it may run on every render.
 */
export function warmScreens(ids: readonly string[], queryClient: QueryClient): void {
  for (const id of ids) {
    SCREEN_DATA[id]?.(queryClient)
    const screen = Object.hasOwn(SCREENS, id) ? SCREENS[id] : undefined
    if (!screen || !('preload' in screen) || preloaded.has(id)) continue
    preloaded.add(id)
    const load = () => void (screen as PreloadableScreen).preload().catch(() => preloaded.delete(id))
    if (OPENED_FIRST.has(id)) load()
    else later(load)
  }
}

/** Renders the selected screen, or 'Nem létező menüpont.' for an unknown selection. */
export function ScreenOutlet({
  screen,
  screens = SCREENS,
}: {
  screen: string
  screens?: Record<string, ComponentType>
}) {
  const Screen = Object.hasOwn(screens, screen) ? screens[screen] : undefined
  if (!Screen)
    return (
      <Center minH="60">
        <Text role="alert">Nem létező menüpont.</Text>
      </Center>
    )
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Screen />
    </Suspense>
  )
}
