/** The server-stored (default-domain) settings: GET and POST /dashboard/userSettings. */
import { queryOptions } from '@tanstack/react-query'
import type { UserSettings, UserSettingsResponse, UserSettingsSaved } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { apiRequest } from '../lib/api-client'

export async function getUserSettings(): Promise<UserSettings> {
  const { data } = await apiRequest<UserSettingsResponse>('/dashboard/userSettings')
  return data?.userSettings ?? {}
}

export const userSettingsQuery = () =>
  queryOptions({ queryKey: queryKeyOf('userSettings'), queryFn: getUserSettings, staleTime: 0 })

/** POST /dashboard/userSettings {userSettings}: replaces the server-stored settings. */
export async function saveUserSettings(userSettings: UserSettings): Promise<UserSettingsSaved> {
  return (
    await apiRequest<UserSettingsSaved>('/dashboard/userSettings', { method: 'POST', body: { userSettings } })
  ).data
}
