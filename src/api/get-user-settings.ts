/** GET /dashboard/userSettings: the server-stored (default-domain) settings. */
import { queryOptions } from '@tanstack/react-query'
import type { UserSettings, UserSettingsResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { apiRequest } from '../lib/api-client'

export async function getUserSettings(): Promise<UserSettings> {
  const { data } = await apiRequest<UserSettingsResponse>('/dashboard/userSettings')
  return data?.userSettings ?? {}
}

export const userSettingsQuery = () =>
  queryOptions({ queryKey: queryKeyOf('userSettings'), queryFn: getUserSettings, staleTime: 0 })
