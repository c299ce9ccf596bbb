/**
 * Whether the notes show (spec §4 Features): the groupNotes feature enabled — from the dashboard, overridden by the
 * `featurePreview:groupNotes` local setting (useEffectiveFeatures) — with the variant 'ui1', which shows the notes
 * and the new-note button.
 */
import { isFeatureEnabled, type FeatureMap } from '@contract/features'
import { useDashboard } from '@/api/dashboard'
import { useEffectiveFeatures } from '@/session/use-features'
import { schoolToday } from '@/lib/school-zone'

/** Pure: the rule on an evaluated feature map. */
export function groupNotesShown(features: FeatureMap, today: string): boolean {
  return isFeatureEnabled(features, 'groupNotes', today) && features.groupNotes?.variant === 'ui1'
}

export function useGroupNotesShown(): boolean {
  return groupNotesShown(useEffectiveFeatures(), schoolToday())
}

/** The signed-in user's name: the author of their waiting notes. */
export function useUserName(): string {
  return useDashboard().data?.user.name ?? ''
}
