/**
 * Whether the notes show (spec §4 Features): the groupNotes feature enabled — from the dashboard, overridden by the
 * `featurePreview:groupNotes` local setting as the shell does — with the variant 'ui1', which shows the notes and
 * the new-note button.
 */
import { useMemo } from 'react'
import {
  applyFeaturePreviews,
  dayInZone,
  isFeatureEnabled,
  type FeatureMap,
} from '../../../contract/features'
import { useDashboard } from '../../api/get-dashboard'
import { useSettings } from '../../lib/settings/settings-context'

/** Pure: the rule on an evaluated feature map. */
export function groupNotesShown(features: FeatureMap, today: string): boolean {
  return isFeatureEnabled(features, 'groupNotes', today) && features.groupNotes?.variant === 'ui1'
}

export function useGroupNotesShown(): boolean {
  const dashboard = useDashboard()
  const { settings } = useSettings()
  const today = dayInZone(new Date())
  return useMemo(
    () =>
      groupNotesShown(
        applyFeaturePreviews(dashboard.data?.features ?? {}, settings as unknown as Record<string, unknown>),
        today,
      ),
    [dashboard.data, settings, today],
  )
}

/** The signed-in user's name: the author of their waiting notes. */
export function useUserName(): string {
  return useDashboard().data?.user.name ?? ''
}
