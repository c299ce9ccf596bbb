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

/** Replaces the stored local settings. */
export function writeLocalSettings(values: Record<string, unknown>): void {
  localStorage.setItem(KEY, JSON.stringify(values))
}

/** Sets one key, keeping the others. */
export function setLocalSetting(key: string, value: unknown): void {
  writeLocalSettings({ ...readLocalSettings(), [key]: value })
}
