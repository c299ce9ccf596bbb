/** GET /alerts: the announcements shown on the instructor dashboard. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Alert, AlertsResponse } from '../../contract/api'
import { apiRequest } from '../lib/api-client'

export async function getAlerts(): Promise<Alert[]> {
  const { data } = await apiRequest<AlertsResponse>('/alerts')
  return data?.alerts ?? []
}

export const alertsQuery = () => queryOptions({ queryKey: ['alerts'], queryFn: getAlerts })

export function useAlerts() {
  return useQuery(alertsQuery())
}
