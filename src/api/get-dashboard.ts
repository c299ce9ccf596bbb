/** GET /dashboard: the user, the features by id, the MFA email and the client config. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { DashboardResponse } from '../../contract/api'
import { queryKeyOf } from '../../contract/api-resources'
import { dayInZone, isFeatureEnabled, type FeatureId } from '../../contract/features'
import { apiRequest } from '../lib/api-client'

export async function getDashboard(): Promise<DashboardResponse> {
  return (await apiRequest<DashboardResponse>('/dashboard')).data
}

export const dashboardQuery = () => queryOptions({ queryKey: queryKeyOf('dashboard'), queryFn: getDashboard })

/** The dashboard of the signed-in user; screens read features and the user from here. */
export function useDashboard() {
  return useQuery(dashboardQuery())
}

/**
 * Whether the signed-in user has `feature` today, evaluated as the menu and the server evaluate it (dates and
 * dependencies included). False until the dashboard is loaded: a control it guards appears, never disappears.
 */
export function useFeature(feature: FeatureId): boolean {
  const features = useDashboard().data?.features
  return features ? isFeatureEnabled(features, feature, dayInZone(new Date())) : false
}
