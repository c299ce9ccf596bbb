/** The feature map of a user: the role's defaults overlaid by the user's overrides (DESIGN §3). */
import {
  FEATURE_DEPENDENCIES,
  ROLE_DEFAULT_FEATURES,
  dayInZone,
  isFeatureEnabled,
  type FeatureId,
  type FeatureMap,
  type UserType,
} from '@contract/features'
import type { UserFeatureRow } from '../repositories/features-repository'

const defaultDependencies = (id: string): string[] => [...(FEATURE_DEPENDENCIES[id as FeatureId] ?? [])]

/** Pure: the role defaults (enabled, no dates) with `overrides` applied on top. */
export function buildFeatureMap(type: UserType, overrides: readonly UserFeatureRow[]): FeatureMap {
  const features: FeatureMap = {}
  for (const id of ROLE_DEFAULT_FEATURES[type]) {
    features[id] = {
      id,
      enabled: true,
      startDate: null,
      endDate: null,
      dependencies: defaultDependencies(id),
    }
  }
  for (const row of overrides) {
    features[row.featureId] = {
      id: row.featureId,
      enabled: row.enabled,
      startDate: row.startDate,
      endDate: row.endDate,
      dependencies: row.dependencies ?? defaultDependencies(row.featureId),
      ...(row.variant ? { variant: row.variant } : {}),
    }
  }
  return features
}

/** The ids in `required` that are not enabled for the user today (in the school's time zone). */
export function missingFeatures(
  features: FeatureMap,
  required: readonly string[],
  now: Date,
  timeZone: string,
): string[] {
  const today = dayInZone(now, timeZone)
  return required.filter((id) => !isFeatureEnabled(features, id, today))
}
