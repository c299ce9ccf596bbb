/**
 * The per-user features dialog's effective state, computed while editing with the same contract function as the
 * menu and the server (`isFeatureEnabled`) over the same map: role defaults (no dates) overlaid by the overrides.
 */
import {
  FEATURE_DEPENDENCIES,
  ROLE_DEFAULT_FEATURES,
  isFeatureEnabled,
  type FeatureId,
  type FeatureMap,
  type UserType,
} from '@contract/features'

export interface OverrideDraft {
  enabled: boolean
  startDate: string | null
  endDate: string | null
}

export type OverrideDrafts = Record<string, OverrideDraft | null>

export function effectiveFeatures(type: UserType, overrides: OverrideDrafts, today: string): Set<string> {
  const dependencies = (id: string) => [...(FEATURE_DEPENDENCIES[id as FeatureId] ?? [])]
  const map: FeatureMap = {}
  for (const id of ROLE_DEFAULT_FEATURES[type])
    map[id] = { id, enabled: true, startDate: null, endDate: null, dependencies: dependencies(id) }
  for (const [id, draft] of Object.entries(overrides)) {
    if (draft) map[id] = { id, ...draft, dependencies: dependencies(id) }
  }
  return new Set(Object.keys(map).filter((id) => isFeatureEnabled(map, id, today)))
}
