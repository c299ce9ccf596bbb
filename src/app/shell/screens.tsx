/**
 * The screen registry: every screen's `{ id, label, icon, features, load, prefetch }`. Ids, labels, order and
 * features are in menu.ts (the first load reads them, see there); `SCREEN_PARTS` adds the rest and must name every
 * id, so adding a screen is one line there and one here. Each screen is a lazy chunk rendered in the shell's main
 * area; its prefetch comes from the feature's own `prefetch.ts`.
 */
import { Center, Text } from '@chakra-ui/react'
import type { QueryClient } from '@tanstack/react-query'
import {
  Bug,
  CalendarClock,
  Clock,
  FolderOpen,
  GraduationCap,
  Home,
  Link2,
  ScrollText,
  Settings,
  Shield,
  School,
  Users,
  UserCog,
  UsersRound,
  type LucideIcon,
} from 'lucide-react'
import { memo, Suspense, type ComponentType } from 'react'
import { LoadingScreen } from '@/components/loading-screen'
import { preloadable, type Preloadable } from '@/lib/preloadable'
import { prefetchAuditLog } from '@/features/audit-log/prefetch'
import { prefetchClassrooms } from '@/features/classrooms/prefetch'
import { prefetchDashboard } from '@/features/dashboard/prefetch'
import { prefetchGroups } from '@/features/groups/prefetch'
import { prefetchStudents } from '@/features/students/prefetch'
import { prefetchTimetable, readPlanNow } from '@/features/timetable/prefetch'
import { SCREEN_ENTRIES, SCREEN_IDS, type ScreenEntry, type ScreenId } from './menu'
import { ScreenFailureBoundary } from './screen-failure'

interface ScreenParts {
  /** The sidebar's icon (the tablet rail shows only the icon). */
  icon: LucideIcon
  /** The screen's code: `src/features/<id>/<id>-screen.tsx`, a default export. */
  load: () => Promise<{ default: ComponentType }>
  /** What the screen shows first, fetched as soon as its menu entry is visible (a cached answer when offline). */
  prefetch?: (queryClient: QueryClient) => void
  /**
   * What the screen's first render needs, when the screen is chosen before its code has loaded: awaited with the
   * code, so that the screen renders once, with it, rather than a loading state and then a second render.
   */
  firstData?: (queryClient: QueryClient) => Promise<void>
}

const SCREEN_PARTS = {
  dashboard: {
    icon: Home,
    load: () => import('@/features/dashboard/dashboard-screen'),
    // Kezdőlap shows the teacher's groups; their seating is held for a classroom without network too.
    prefetch: (queryClient) => {
      prefetchDashboard(queryClient)
      prefetchGroups(queryClient)
    },
  },
  'student-home': { icon: GraduationCap, load: () => import('@/features/student-home/student-home-screen') },
  students: {
    icon: Users,
    load: () => import('@/features/students/students-screen'),
    prefetch: prefetchStudents,
  },
  links: { icon: Link2, load: () => import('@/features/links/links-screen') },
  groups: {
    icon: UsersRound,
    load: () => import('@/features/groups/groups-screen'),
    prefetch: prefetchGroups,
  },
  classrooms: {
    icon: School,
    load: () => import('@/features/classrooms/classrooms-screen'),
    prefetch: prefetchClassrooms,
  },
  files: { icon: FolderOpen, load: () => import('@/features/files/files-screen') },
  proxy: { icon: Shield, load: () => import('@/features/proxy/proxy-screen') },
  'work-hours': { icon: Clock, load: () => import('@/features/work-hours/work-hours-screen') },
  timetable: {
    icon: CalendarClock,
    load: () => import('@/features/timetable/timetable-screen'),
    prefetch: prefetchTimetable,
    firstData: readPlanNow,
  },
  'audit-log': {
    icon: ScrollText,
    load: () => import('@/features/audit-log/audit-log-screen'),
    prefetch: prefetchAuditLog,
  },
  users: { icon: UserCog, load: () => import('@/features/users/users-screen') },
  'bug-reports': { icon: Bug, load: () => import('@/features/bug-reports/bug-reports-screen') },
  settings: { icon: Settings, load: () => import('@/features/settings/settings-screen') },
} satisfies Record<ScreenId, ScreenParts>

export interface ScreenDefinition extends ScreenEntry, ScreenParts {
  id: ScreenId
}

function definition(id: ScreenId): ScreenDefinition {
  const parts: ScreenParts = SCREEN_PARTS[id]
  return { id, ...SCREEN_ENTRIES[id], ...parts }
}

/** Every screen by id: menu.ts's half and this file's. */
export const SCREENS = Object.fromEntries(SCREEN_IDS.map((id) => [id, definition(id)])) as Record<
  ScreenId,
  ScreenDefinition
>

/** The screens' components, each loading its chunk on first render (or ahead, see `warmScreens`). */
const VIEWS = Object.fromEntries(
  SCREEN_IDS.map((id) => [id, preloadable(() => SCREENS[id].load().then((module) => module.default))]),
) as Record<ScreenId, Preloadable<object>>

/** Whether `id` renders without waiting for code: its chunk has loaded. */
export function isScreenReady(id: ScreenId): boolean {
  return VIEWS[id].ready()
}

/** Loads `id`'s code (once); after it, `isScreenReady(id)`. */
function loadScreen(id: ScreenId): Promise<void> {
  return VIEWS[id].preload()
}

/** Loads `id`'s code and what its first render needs (`firstData`): the screen is then shown in one render. */
export async function prepareScreen(id: ScreenId, queryClient: QueryClient): Promise<void> {
  await Promise.all([loadScreen(id), SCREENS[id].firstData?.(queryClient)])
}

/**
 * The screens opened most right after sign-in: their chunks load at once. The others' wait until the first screen
 * has settled, then for an idle moment: evaluating a chunk mid-way through the first screen's render delays it.
 */
const OPENED_FIRST = new Set<ScreenId>(['students'])
const OTHERS_AFTER_MS = 3000

const preloaded = new Set<ScreenId>()

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
export function warmScreens(ids: readonly ScreenId[], queryClient: QueryClient): void {
  for (const id of ids) {
    SCREENS[id].prefetch?.(queryClient)
    if (preloaded.has(id)) continue
    preloaded.add(id)
    const load = () => void loadScreen(id).catch(() => preloaded.delete(id))
    if (OPENED_FIRST.has(id)) load()
    else later(load)
  }
}

/**
 * Renders the selected screen, or 'Nem létező menüpont.' for an unknown selection; a screen that cannot be shown
 * gets 'Újrapróbálás' (`./screen-failure.tsx`). Memoised: a menu click re-renders the shell (the sidebar's
 * selection) before the new screen is shown, and the outgoing screen must not render again.
 */
export const ScreenOutlet = memo(function ScreenOutlet({
  screen,
  screens = VIEWS,
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
  // A screen of the registry loads its code again before a retry; another component is simply rendered again.
  const preload = (Screen as Partial<Preloadable<object>>).preload
  return (
    <ScreenFailureBoundary key={screen} onRetry={() => preload?.() ?? Promise.resolve()}>
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    </ScreenFailureBoundary>
  )
})
