/**
 * What a signed-in page asks for before the signed-in app's code has even arrived (called from the first load, see
 * app.tsx): the user settings and the dashboard, and — once the dashboard says the user may open Diákok — the
 * students list. Before, all of this waited for the shell's first render, after Chakra and the shell had loaded and
 * run; the service worker answers it meanwhile. It is what the shell asks for anyway, with the same query keys and
 * options.
 *
 * Data only, no screen code: a dynamic import of a screen from here (outside the shell's chunk) made the bundler
 * split the shell's Chakra modules into twice as many chunks. The shell loads Diákok's code (`warmScreens`) in its
 * first render, which now already has the dashboard.
 */
import type { QueryClient } from '@tanstack/react-query'
import { prefetchStudents } from '@/features/students/prefetch'
import { schoolToday } from '@/lib/school-zone'
import { dashboardQuery } from '../api/dashboard'
import { userSettingsQuery } from '../api/user-settings'
import { visibleEntries, type ScreenId } from './shell/menu'

/**
 * What the screens opened first show first: the same prefetch the screen registry runs for them
 * (`src/app/shell/screens.tsx`), imported from the feature rather than from the registry, which carries the screens'
 * code.
 */
const FIRST_DATA: Partial<Record<ScreenId, (queryClient: QueryClient) => void>> = {
  students: prefetchStudents,
}

export function startSignedIn(queryClient: QueryClient): void {
  // As the settings provider asks for it (one try).
  void queryClient.prefetchQuery({ ...userSettingsQuery(), retry: false })
  queryClient.fetchQuery(dashboardQuery()).then(
    (dashboard) => {
      // Feature previews (settings) are applied by the shell, which then warms every screen it shows; here only
      // the screens the dashboard itself grants, so nothing is asked for that the user may not read.
      for (const entry of visibleEntries(dashboard.features, schoolToday()))
        FIRST_DATA[entry.id]?.(queryClient)
    },
    // The shell's own dashboard query shows the error and tries again.
    () => undefined,
  )
}
