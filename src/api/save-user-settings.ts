/** POST /dashboard/userSettings {userSettings}: replaces the server-stored settings. */
import type { UserSettings, UserSettingsSaved } from '@contract/api'
import { apiRequest } from '../lib/api-client'

export async function saveUserSettings(userSettings: UserSettings): Promise<UserSettingsSaved> {
  return (
    await apiRequest<UserSettingsSaved>('/dashboard/userSettings', { method: 'POST', body: { userSettings } })
  ).data
}
