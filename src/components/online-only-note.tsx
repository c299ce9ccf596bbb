/**
 * While offline, a screen with online-only writes disables them and says so in one quiet line (as Tantermek and
 * Fájlok do): which actions wait for the network. Online it renders nothing. The screen disables the buttons itself
 * with `useOnlineStatus()`; this is the words.
 */
import { Text } from '@chakra-ui/react'
import { useOnlineStatus } from '../lib/online-status'

export function OnlineOnlyNote({ children }: { children: string }) {
  const online = useOnlineStatus()
  if (online) return null
  return (
    <Text fontSize="sm" color="fg.muted" role="status">
      {children}
    </Text>
  )
}
