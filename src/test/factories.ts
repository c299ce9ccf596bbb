/** Small factories for component tests: features, dashboards and the MSW handlers that serve them. */
import { http, HttpResponse } from 'msw'
import type { DashboardResponse, UserSettings } from '@contract/api'
import { ROLE_DEFAULT_FEATURES, type Feature, type FeatureMap, type UserType } from '@contract/features'
import { API } from './msw'

/** An enabled feature without a date window or dependencies. */
export function buildFeature(id: string, overrides: Partial<Feature> = {}): Feature {
  return { id, enabled: true, startDate: null, endDate: null, dependencies: [], ...overrides }
}

/** A feature map where every id in `ids` is enabled. */
export function buildFeatures(ids: readonly string[]): FeatureMap {
  return Object.fromEntries(ids.map((id) => [id, buildFeature(id)]))
}

export interface DashboardOptions {
  type?: UserType
  /** Feature ids to enable; defaults to the role's default set. */
  features?: readonly string[] | FeatureMap
  email?: string
  name?: string
}

/** A GET /dashboard answer for a user of `type` (teacher by default). */
export function buildDashboard(options: DashboardOptions = {}): DashboardResponse {
  const type = options.type ?? 'teacher'
  const features = options.features ?? ROLE_DEFAULT_FEATURES[type]
  return {
    user: { id: 'u1', name: options.name ?? 'Teszt Elek', username: 'teszt.elek', type },
    features: Array.isArray(features) ? buildFeatures(features) : (features as FeatureMap),
    '2fa': { email: options.email ?? '' },
    config: { shortLinkBase: 'https://s.pelda.hu', timeZone: 'Europe/Budapest' },
  }
}

/** MSW handler for GET /dashboard. */
export function dashboardHandler(dashboard: DashboardResponse = buildDashboard()) {
  return http.get(`${API}/dashboard`, () => HttpResponse.json(dashboard))
}

/** MSW handler for GET /dashboard/userSettings. */
export function userSettingsHandler(userSettings: UserSettings = {}) {
  return http.get(`${API}/dashboard/userSettings`, () => HttpResponse.json({ userSettings }))
}
