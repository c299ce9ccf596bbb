/** The signed-in user's dashboard data and server-stored settings (DESIGN §3 "not shown"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  DashboardResponse,
  UserSettingsRequest,
  UserSettingsResponse,
  UserSettingsSaved,
  type UserSettings,
  withErrors,
} from '@contract/api'

import { LIMITS } from '@contract/limits'
import { MESSAGES } from '@contract/messages'
import { SERVER_SETTING_KEYS } from '@contract/settings'
import { shortLinkBase } from '@server/lib/short-link-base'
import { getUserSettings, mergeUserSettings } from '@server/repositories/settings-repository'
import { buildFeatureMap } from '@server/services/features-service'

async function storedSettings(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  userId: string,
): Promise<UserSettings> {
  const all = await getUserSettings(app.db, userId)
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => SERVER_SETTING_KEYS.includes(key)),
  ) as UserSettings
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/dashboard',
    {
      onRequest: app.requireSession,
      schema: { response: withErrors({ 200: DashboardResponse }, 401, 429, 500) },
    },
    async (request) => {
      const { user, features } = request.session!
      return {
        user: { id: user.id, name: user.name, username: user.username, type: user.type },
        features: request.features ?? buildFeatureMap(user.type, features),
        '2fa': { email: user.mfaEmail ?? '' },
        config: { shortLinkBase: shortLinkBase(app.config, request), timeZone: app.config.TZ },
      }
    },
  )

  app.get(
    '/dashboard/userSettings',
    {
      onRequest: app.requireSession,
      schema: { response: withErrors({ 200: UserSettingsResponse }, 401, 429, 500) },
    },
    async (request) => ({ userSettings: await storedSettings(app, request.session!.user.id) }),
  )

  app.post(
    '/dashboard/userSettings',
    {
      onRequest: app.requireSession,
      bodyLimit: LIMITS.settingsBodyBytes,
      schema: {
        body: UserSettingsRequest,
        response: withErrors({ 200: UserSettingsSaved }, 400, 401, 413, 415, 429, 500),
      },
    },
    async (request) => {
      const userId = request.session!.user.id
      await mergeUserSettings(app.db, userId, request.body.userSettings)
      return { code: 200, message: MESSAGES.settingsSaved, userSettings: await storedSettings(app, userId) }
    },
  )
}

export default routes
