/**
 * GET /dashboard: the user, the features by id, the MFA email and the client config. A feature check goes through
 * useFeature / useEffectiveFeatures (src/session/use-features.ts), which apply the preview settings.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { DashboardResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { apiRequest } from '../lib/api-client'
import { setSchoolTimeZone } from '../lib/school-zone'

export async function getDashboard(): Promise<DashboardResponse> {
  const dashboard = (await apiRequest<DashboardResponse>('/dashboard')).data
  // Every time shown from now on is in the school's zone (src/lib/format.ts); offline, the cached answer says it.
  setSchoolTimeZone(dashboard.config?.timeZone)
  return dashboard
}

export const dashboardQuery = () => queryOptions({ queryKey: queryKeyOf('dashboard'), queryFn: getDashboard })

/** The dashboard of the signed-in user; screens read features and the user from here. */
export function useDashboard() {
  return useQuery(dashboardQuery())
}
