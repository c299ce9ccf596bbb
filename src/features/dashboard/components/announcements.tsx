/**
 * The announcements (spec §3, §4 "Announcements"): GET /alerts, each with a close button; a dismissed one never
 * shows again (localStorage `closedAlerts` and its IndexedDB mirror), also after a reload and offline. A failed
 * load shows nothing: the spec has no message for it, and the dashboard is still of use without them.
 *
 * With feature createAdminAlert (issue 11) the section is always there, with 'Új értesítés' and a delete button on
 * each announcement; both write through the outbox (api/alerts.ts), so a waiting one shows 'Elküldésre vár'.
 * An administrator's own dismissals do not hide announcements from the list they manage.
 */
import { Alert, Button, HStack, Heading, IconButton, Stack, Text } from '@chakra-ui/react'
import { Megaphone, Plus, Trash2, X } from 'lucide-react'
import { Suspense, useId, useMemo, useState } from 'react'
import type { Alert as AlertEntry } from '@contract/api'
import { useFeature } from '@/session/use-features'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { preloadable } from '@/lib/preloadable'
import { pendingAlertId, useAlerts, useAlertWrites, type AlertWrite } from '../api/alerts'
import { closeAlert, readClosedAlerts } from '../closed-alerts'
import type { AlertDialogProps } from './alert-dialog'

/** Only those who manage alerts mount it: its form code (~90 kB) stays off a teacher's Kezdőlap. */
const AlertDialog = preloadable<AlertDialogProps>(() =>
  import('./alert-dialog').then((module) => module.AlertDialog),
)

export function Announcements() {
  const alerts = useAlerts()
  const canManage = useFeature('createAdminAlert')
  const writes = useAlertWrites()
  const baseId = useId()
  const [closed, setClosed] = useState(readClosedAlerts)
  const [writing, setWriting] = useState(false)
  const [deleting, setDeleting] = useState<AlertEntry | null>(null)

  const { withPending, pending, mutate } = writes
  const all = useMemo(() => withPending(alerts.data)?.alerts ?? [], [withPending, alerts.data])
  const waiting = useMemo(() => new Set(pending.map(pendingAlertId)), [pending])
  const shown = useMemo(
    () => (canManage ? all : all.filter((alert) => !closed.includes(alert.id))),
    [all, canManage, closed],
  )

  // The toasts come from the write's messages (api/alerts.ts); one that could not be stored rejects.
  async function write(change: AlertWrite) {
    await mutate(change)
  }

  if (shown.length === 0 && !canManage) return null

  return (
    <Stack
      as="section"
      aria-labelledby={canManage ? `${baseId}-title` : undefined}
      aria-label={canManage ? undefined : 'Értesítések'}
    >
      {canManage && (
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id={`${baseId}-title`}>
            Értesítések
          </Heading>
          <Button size="sm" variant="outline" onClick={() => setWriting(true)}>
            <Plus aria-hidden />
            Új értesítés
          </Button>
        </HStack>
      )}
      {canManage && shown.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          Nincs közzétett értesítés.
        </Text>
      )}
      <Stack as="ul" listStyleType="none" gap="3">
        {shown.map((alert) => {
          const isWaiting = waiting.has(alert.id)
          return (
            <li key={alert.id}>
              <Alert.Root
                status="info"
                variant="subtle"
                alignItems="flex-start"
                borderStyle={isWaiting ? 'dashed' : undefined}
                borderWidth={isWaiting ? '1px' : undefined}
              >
                <Alert.Indicator>
                  <Megaphone aria-hidden />
                </Alert.Indicator>
                <Alert.Content>
                  <Alert.Description
                    id={`${baseId}-${alert.id}`}
                    whiteSpace="pre-wrap"
                    overflowWrap="anywhere"
                  >
                    {alert.message}
                  </Alert.Description>
                  {isWaiting && (
                    <Text fontSize="xs" color="orange.fg" fontWeight="medium" mt="1">
                      Elküldésre vár
                    </Text>
                  )}
                </Alert.Content>
                {canManage ? (
                  !isWaiting && (
                    <IconButton
                      aria-label="Értesítés törlése"
                      aria-describedby={`${baseId}-${alert.id}`}
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      mt="-1"
                      me="-1"
                      onClick={() => setDeleting(alert)}
                    >
                      <Trash2 aria-hidden />
                    </IconButton>
                  )
                ) : (
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
                )}
              </Alert.Root>
            </li>
          )
        })}
      </Stack>
      {canManage && (
        <>
          <Suspense fallback={null}>
            <AlertDialog
              open={writing}
              onClose={() => setWriting(false)}
              onSave={(message) => write({ kind: 'create', message })}
            />
          </Suspense>
          <ConfirmDialog
            open={deleting !== null}
            title="Értesítés törlése"
            question="Biztosan törölni szeretnéd ezt az értesítést? Senkinek nem jelenik meg többé."
            subject={deleting?.message}
            confirmLabel="Törlés"
            busy={false}
            onCancel={() => setDeleting(null)}
            onConfirm={() => {
              const alert = deleting
              setDeleting(null)
              if (alert) void write({ kind: 'delete', id: alert.id, message: alert.message }).catch(() => {})
            }}
          />
        </>
      )}
    </Stack>
  )
}
