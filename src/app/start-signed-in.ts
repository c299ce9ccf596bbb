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
import { dayInZone } from '@contract/features'
import { dashboardQuery } from '../api/get-dashboard'
import { studentsQuery } from '../api/get-students'
import { userSettingsQuery } from '../api/get-user-settings'
import { visibleEntries } from './shell/menu'

/** What the screens opened first show first (the shell's `warmScreens` asks for the same). */
const FIRST_DATA: Record<string, (queryClient: QueryClient) => void> = {
  Diákok: (queryClient) => {
    if (!queryClient.getQueryState(studentsQuery.queryKey)) void queryClient.prefetchQuery(studentsQuery)
  },
}

export function startSignedIn(queryClient: QueryClient): void {
  // As the settings provider asks for it (one try).
  void queryClient.prefetchQuery({ ...userSettingsQuery(), retry: false })
  queryClient.fetchQuery(dashboardQuery()).then(
    (dashboard) => {
      // Feature previews (settings) are applied by the shell, which then warms every screen it shows; here only
      // the screens the dashboard itself grants, so nothing is asked for that the user may not read.
      for (const entry of visibleEntries(dashboard.features, dayInZone(new Date())))
        FIRST_DATA[entry.id]?.(queryClient)
    },
    // The shell's own dashboard query shows the error and tries again.
    () => undefined,
  )
}
