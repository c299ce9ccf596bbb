/**
 * The features the signed-in user has (spec §4 Features): the dashboard's, overridden by the `featurePreview:*`
 * settings. The one way the page checks a feature: the menu, a guarded control and a preview-only feature alike.
 */
import { useMemo } from 'react'
import {
  applyFeaturePreviews,
  FEATURE_PREVIEW_PREFIX,
  isFeatureEnabled,
  type FeatureId,
  type FeatureMap,
} from '@contract/features'
import type { SettingKey } from '@contract/settings'
import { useDashboard } from '@/api/dashboard'
import { schoolToday } from '@/lib/school-zone'
import { useSettings } from './settings-context'

type PreviewIdOf<Key> = Key extends `${typeof FEATURE_PREVIEW_PREFIX}${infer Id}` ? Id : never

/** A feature only a preview setting turns on ('builtinTicketForm', 'responsiveSidebar', …), or one the server has. */
export type CheckedFeatureId = FeatureId | PreviewIdOf<SettingKey>

/**
 * The dashboard's features with the preview settings applied (contract applyFeaturePreviews). Before the dashboard
 * is loaded, only the features a preview turns on.
 */
export function useEffectiveFeatures(): FeatureMap {
  const features = useDashboard().data?.features
  const { settings } = useSettings()
  return useMemo(() => applyFeaturePreviews(features ?? {}, settings), [features, settings])
}

/**
 * Whether the signed-in user has `feature` today, evaluated as the menu and the server evaluate it (dates and
 * dependencies included) after the preview settings. A feature no preview turns on is false until the dashboard is
 * loaded: a control it guards appears, never disappears.
 */
export function useFeature(feature: CheckedFeatureId): boolean {
  return isFeatureEnabled(useEffectiveFeatures(), feature, schoolToday())
}
