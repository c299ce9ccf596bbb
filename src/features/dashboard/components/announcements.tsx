/**
 * The announcements (spec §3, §4 "Announcements"): GET /alerts, each with a close button; a dismissed one never
 * shows again (localStorage `closedAlerts` and its IndexedDB mirror), also after a reload and offline. A failed
 * load shows nothing: the spec has no message for it, and the dashboard is still of use without them.
 */
import { Alert, IconButton, Stack } from '@chakra-ui/react'
import { Megaphone, X } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useAlerts } from '../../../api/get-alerts'
import { closeAlert, readClosedAlerts } from '../closed-alerts'

export function Announcements() {
  const alerts = useAlerts()
  const baseId = useId()
  const [closed, setClosed] = useState(readClosedAlerts)
  const shown = useMemo(
    () => (alerts.data?.alerts ?? []).filter((alert) => !closed.includes(alert.id)),
    [alerts.data, closed],
  )
  if (shown.length === 0) return null

  return (
    <Stack as="section" aria-label="Értesítések">
      <Stack as="ul" listStyleType="none" gap="3">
        {shown.map((alert) => (
          <li key={alert.id}>
            <Alert.Root status="info" variant="subtle" alignItems="flex-start">
              <Alert.Indicator>
                <Megaphone aria-hidden />
              </Alert.Indicator>
              <Alert.Content>
                <Alert.Description id={`${baseId}-${alert.id}`} whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {alert.message}
                </Alert.Description>
              </Alert.Content>
              <IconButton
                aria-label="Értesítés bezárása"
                aria-describedby={`${baseId}-${alert.id}`}
                size="xs"
                variant="ghost"
                mt="-1"
                me="-1"
                onClick={() => setClosed(closeAlert(alert.id))}
              >
                <X aria-hidden />
              </IconButton>
            </Alert.Root>
          </li>
        ))}
      </Stack>
    </Stack>
  )
}
