/** The `localSettings` JSON in localStorage (spec §3): backendUrl and the featurePreview:* settings. */
const KEY = 'localSettings'

/** The stored local settings; a missing or corrupt entry reads as empty. */
export function readLocalSettings(): Record<string, unknown> {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/** Fired on window after the local settings change, so the service worker can learn a new backend address. */
export const LOCAL_SETTINGS_CHANGED = 'portal:local-settings-changed'

/** Replaces the stored local settings and mirrors them into IndexedDB (a cleared localStorage restores them). */
export function writeLocalSettings(values: Record<string, unknown>): void {
  localStorage.setItem(KEY, JSON.stringify(values))
  // Loaded on first write so the mirror stays out of the login screen's first load.
  void import('./offline/local-mirror').then((m) => m.mirrorLocalKey('localSettings')).catch(() => undefined)
  window.dispatchEvent(new Event(LOCAL_SETTINGS_CHANGED))
}

/** Sets one key, keeping the others. */
export function setLocalSetting(key: string, value: unknown): void {
  writeLocalSettings({ ...readLocalSettings(), [key]: value })
}
