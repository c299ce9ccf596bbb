/**
 * Setting keys, defaults and where each is stored (spec §3). The settings screen's labels and inputs live in
 * src; what both sides must agree on — which keys the server stores and their defaults — lives here.
 */

export type SettingDomain = 'default' | 'localstorage' | 'mfaEmail'

export interface QuickAction {
  id: string
  name: string
  url: string
  icon: string
}

export const DEFAULT_QUICK_ACTIONS: QuickAction[] = [
  { id: 'trainer-portal', name: 'Oktatói portál', url: 'https://oktato.pelda.hu', icon: 'external-link' },
  { id: 'student-portal', name: 'Hallgatói portál', url: 'https://hallgato.pelda.hu', icon: 'external-link' },
]

/** Every setting key with its storage domain. `default` is the server's user settings. */
export const SETTING_DOMAINS = {
  backendUrl: 'localstorage',
  quickActions: 'default',
  MFAEmail: 'mfaEmail',
  'lookAndFeel:theme': 'default',
  'featurePreview:responsiveSidebar': 'localstorage',
  'featurePreview:builtinTicketForm': 'localstorage',
  'featurePreview:timetablePlanner': 'localstorage',
  'featurePreview:groupNotes': 'localstorage',
} as const satisfies Record<string, SettingDomain>

export type SettingKey = keyof typeof SETTING_DOMAINS

/** Keys the server stores in user settings, with their accepted value shapes checked by the route schema. */
export const SERVER_SETTING_KEYS = Object.entries(SETTING_DOMAINS)
  .filter(([, domain]) => domain === 'default')
  .map(([key]) => key)

export type Theme = 'light' | 'dark'

/** Spec §4: light when lookAndFeel:theme equals light, otherwise dark. */
export function themeOf(value: unknown): Theme {
  return value === 'light' || value === undefined ? 'light' : 'dark'
}
