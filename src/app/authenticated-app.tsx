/**
 * The signed-in app (lazy chunk): the settings provider, the theme, the shell and the offer of writes parked by an
 * earlier session. The 401 rule is registered by the first load (app.tsx).
 */
import { registerQueryClientForWipe } from '../lib/offline/user-data'
import { queryClient } from '../lib/query-client'
import { isPasswordChangeRequired, requirePasswordChange } from '../session/session-actions'
import { SettingsProvider, useSettings } from '../session/settings-context'
import { ChakraRoot } from '../components/chakra-root'
import { ParkedWritesOffer } from './parked-writes-offer'
import { Shell } from './shell/shell'
import { useThemeClass } from './use-theme-class'

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
        <ParkedWritesOffer />
      </SettingsProvider>
    </ChakraRoot>
  )
}
