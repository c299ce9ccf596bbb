/**
 * DESIGN §4: offline is a normal state. While offline, a quiet line says the data shown is a cached copy and when
 * it was last updated (the cached answer's Date header). Online it renders nothing.
 */
import { format } from 'date-fns'
import { hu } from 'date-fns/locale'
import { useOnlineStatus } from '../lib/online-status'

/** 'Nincs hálózat – utoljára frissítve 2026. november 22. 14:05', or just 'Nincs hálózat' without a date. */
export function offlineMarkerText(updatedAt: Date | null): string {
  if (!updatedAt || Number.isNaN(updatedAt.getTime())) return 'Nincs hálózat'
  return `Nincs hálózat – utoljára frissítve ${format(updatedAt, 'yyyy. MMMM d. HH:mm', { locale: hu })}`
}

export function OfflineMarker({ updatedAt }: { updatedAt: Date | null }) {
  const online = useOnlineStatus()
  if (online) return null
  return (
    <p
      role="status"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: '6px',
        margin: 0,
        fontSize: '0.8125rem',
        lineHeight: 1.4,
        color: 'var(--chakra-colors-fg-muted, #52525b)',
      }}
    >
      <span
        aria-hidden="true"
        style={{
          width: '8px',
          height: '8px',
          flex: 'none',
          borderRadius: '50%',
          background: 'var(--chakra-colors-orange-solid, #ea580c)',
        }}
      />
      {offlineMarkerText(updatedAt)}
    </p>
  )
}
