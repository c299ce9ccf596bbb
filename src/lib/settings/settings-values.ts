/** Setting keys, their defaults and storage domains (spec §3), on top of contract/settings.ts. */
import {
  DEFAULT_QUICK_ACTIONS,
  SETTING_DOMAINS,
  type QuickAction,
  type SettingDomain,
  type SettingKey,
} from '@contract/settings'
import { defaultBackendUrl } from '../backend-url'

export type { QuickAction, SettingDomain, SettingKey }

/** A type, not an interface: it is a `Record<string, unknown>` (contract applyFeaturePreviews reads it as one). */
export type SettingsValues = {
  backendUrl: string
  quickActions: QuickAction[]
  MFAEmail: string
  'lookAndFeel:theme': 'light' | 'dark'
  'featurePreview:responsiveSidebar': boolean
  'featurePreview:builtinTicketForm': boolean
  'featurePreview:timetablePlanner': boolean
  'featurePreview:groupNotes': false | 'ui1'
}

/** Fresh defaults (the backend default depends on the page origin). */
export function defaultSettings(): SettingsValues {
  return {
    backendUrl: defaultBackendUrl(),
    quickActions: DEFAULT_QUICK_ACTIONS.map((action) => ({ ...action })),
    MFAEmail: '',
    'lookAndFeel:theme': 'light',
    'featurePreview:responsiveSidebar': false,
    'featurePreview:builtinTicketForm': false,
    'featurePreview:timetablePlanner': false,
    'featurePreview:groupNotes': false,
  }
}

export const SETTING_KEYS = Object.keys(SETTING_DOMAINS) as SettingKey[]

/** The keys stored in `domain`. */
export function keysOf(domain: SettingDomain): SettingKey[] {
  return SETTING_KEYS.filter((key) => SETTING_DOMAINS[key] === domain)
}

/** The entries of `source` whose keys belong to `domain` (unknown keys are dropped). */
export function pickDomain(source: Record<string, unknown>, domain: SettingDomain): Partial<SettingsValues> {
  const result: Record<string, unknown> = {}
  for (const key of keysOf(domain)) if (key in source && source[key] !== undefined) result[key] = source[key]
  return result as Partial<SettingsValues>
}

export { SETTING_DOMAINS }
