/** GET /alerts: the announcements every signed-in user reads (Kezdőlap). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Alert, AlertsResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { apiRequest } from '../lib/api-client'

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
