/** The signed-in app (lazy chunk): the 401 rule, the settings provider, the theme and the shell. */
import { setUnauthorizedHandler } from '../lib/api-client'
import { registerQueryClientForWipe } from '../lib/offline/user-data'
import { queryClient } from '../lib/query-client'
import { handleUnauthorized, isPasswordChangeRequired, requirePasswordChange } from '../lib/session-actions'
import { SettingsProvider, useSettings } from '../lib/settings/settings-context'
import { ChakraRoot } from '../components/chakra-root'
import { Shell } from './shell/shell'
import { useThemeClass } from './use-theme-class'

setUnauthorizedHandler(() => void handleUnauthorized())
// A wipe (logout, 401, another user's login) also forgets the queries held in memory.
registerQueryClientForWipe(queryClient)
// An account that must set its own password first (issue 11) is refused everything: show the screen that sets it.
queryClient.getQueryCache().subscribe((event) => {
  if (
    event.type === 'updated' &&
    event.action.type === 'error' &&
    isPasswordChangeRequired(event.action.error)
  )
    requirePasswordChange()
})
queryClient.getMutationCache().subscribe((event) => {
  if (
    event.type === 'updated' &&
    event.action.type === 'error' &&
    isPasswordChangeRequired(event.action.error)
  )
    requirePasswordChange()
})

function ThemedShell() {
  const { theme } = useSettings()
  useThemeClass(theme)
  return <Shell />
}

export default function AuthenticatedApp() {
  return (
    <ChakraRoot>
      <SettingsProvider>
        <ThemedShell />
      </SettingsProvider>
    </ChakraRoot>
  )
}
