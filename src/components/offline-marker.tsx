/**
 * DESIGN §4: offline is a normal state. While offline, a quiet line says the data shown is a cached copy and when
 * it was last updated (the cached answer's Date header). Online it renders nothing.
 */
import { Box, Text } from '@chakra-ui/react'
import { formatDateTime } from '../lib/format'
import { useOnlineStatus } from '../lib/online-status'

/** 'Nincs hálózat – utoljára frissítve 2026. november 22. 14:05', or just 'Nincs hálózat' without a date. */
export function offlineMarkerText(updatedAt: Date | null): string {
  if (!updatedAt || Number.isNaN(updatedAt.getTime())) return 'Nincs hálózat'
  return `Nincs hálózat – utoljára frissítve ${formatDateTime(updatedAt)}`
}

export function OfflineMarker({ updatedAt }: { updatedAt: Date | null }) {
  const online = useOnlineStatus()
  if (online) return null
  return (
    <Text role="status" display="inline-flex" alignItems="center" gap="1.5" fontSize="sm" color="fg.muted">
      <Box as="span" aria-hidden="true" boxSize="2" flex="none" rounded="full" bg="orange.solid" />
      {offlineMarkerText(updatedAt)}
    </Text>
  )
}
