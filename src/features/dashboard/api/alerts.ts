/**
 * Hand merge, kept: a DELETE has no body, so `withAlertWrite` reads the record's id from the item's url.
 *
 * The announcements (Kezdőlap, the only screen that reads them): GET /alerts for every signed-in user, and the
 * administrators' writes (issue 11, feature createAdminAlert): POST /alerts {message} and DELETE /alerts/:id, through
 * the outbox like the group notes: an announcement written in a classroom without Wi-Fi shows at once, marked
 * 'Elküldésre vár', survives a reload and reaches the server once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Alert, AlertsResponse, CreateAlertRequest } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { apiRequest } from '@/lib/api-client'
import { textLabel, useQueuedMutation, type OutboxItem } from '@/lib/outbox'

export interface AlertsData {
  alerts: Alert[]
  /** When the server (or the service worker's cached copy) answered: feeds the offline marker. */
  date: Date | null
}

export async function getAlerts(signal?: AbortSignal): Promise<AlertsData> {
  const { data, date } = await apiRequest<AlertsResponse>('/alerts', { signal })
  return { alerts: Array.isArray(data?.alerts) ? data.alerts : [], date }
}

export const alertsQuery = () =>
  queryOptions({
    queryKey: queryKeyOf('alerts'),
    queryFn: ({ signal }) => getAlerts(signal),
  })

export function useAlerts() {
  return useQuery(alertsQuery())
}

export const ALERT_MESSAGES = {
  created: 'Értesítés sikeresen közzétéve.',
  createFailed: 'Hiba történt az értesítés közzététele közben.',
  createQueued: 'Nincs hálózat – az értesítés elküldésre vár.',
  deleted: 'Értesítés sikeresen törölve.',
  deleteFailed: 'Hiba történt az értesítés törlése közben.',
  deleteQueued: 'Nincs hálózat – a törlés elküldésre vár.',
} as const

/** The id a waiting announcement has in the list: its outbox item's, so one write is one announcement. */
export function pendingAlertId(item: OutboxItem): string {
  return `pending:${item.id}`
}

/** One write: a new announcement, or deleting one (its text names it in the outbox panel). */
export type AlertWrite = { kind: 'create'; message: string } | { kind: 'delete'; id: string; message: string }

function request(write: AlertWrite) {
  return write.kind === 'create'
    ? {
        method: 'POST' as const,
        url: '/alerts',
        body: { message: write.message } as CreateAlertRequest | undefined,
        label: textLabel('Értesítés', write.message),
        expectCode: 201,
      }
    : {
        method: 'DELETE' as const,
        url: `/alerts/${encodeURIComponent(write.id)}`,
        body: undefined,
        label: textLabel('Értesítés törlése', write.message),
        expectCode: 200,
      }
}

/**
 * The list with one write applied, set-not-append (the same write twice changes nothing): a new one is added under
 * its outbox id; a deleted one (named by the item's url, a DELETE has no body) is left out.
 */
export function withAlertWrite(
  current: AlertsData | undefined,
  body: CreateAlertRequest | undefined,
  item: OutboxItem,
): AlertsData {
  const alerts = current?.alerts ?? []
  const date = current?.date ?? null
  if (item.method === 'DELETE') {
    const id = decodeURIComponent(item.url.slice('/alerts/'.length))
    return { alerts: alerts.filter((alert) => alert.id !== id), date }
  }
  const id = pendingAlertId(item)
  if (!body || alerts.some((alert) => alert.id === id)) return current ?? { alerts, date }
  const alert: Alert = { id, _id: id, message: body.message.trim() }
  return { alerts: [...alerts, alert], date }
}

const created = (write: AlertWrite) => write.kind === 'create'

/** Creating and deleting announcements: one outbox writer for the alerts query (one optimistic view a query). */
export function useAlertWrites() {
  return useQueuedMutation({
    key: alertsQuery().queryKey,
    request,
    optimistic: withAlertWrite,
    messages: {
      sent: (write) => (created(write) ? ALERT_MESSAGES.created : ALERT_MESSAGES.deleted),
      failed: (write) => (created(write) ? ALERT_MESSAGES.createFailed : ALERT_MESSAGES.deleteFailed),
      queued: (write) => (created(write) ? ALERT_MESSAGES.createQueued : ALERT_MESSAGES.deleteQueued),
    },
  })
}
