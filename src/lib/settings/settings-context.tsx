/**
 * The settings provider (spec §4 "Settings load"): loads defaults, then the server's user settings, then the MFA
 * email from the dashboard, then local storage, in that order. Updates change the state at once and save to
 * their domain after a 1 s debounce; a new change in that domain cancels the pending save; a failed save
 * reverts the domain and tells the user. The shell reads the theme and the featurePreview values from here.
 */
import { useQueryClient } from '@tanstack/react-query'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import type { UserSettings } from '../../../contract/api'
import { TIMING } from '../../../contract/limits'
import { themeOf, type Theme } from '../../../contract/settings'
import { dashboardQuery } from '../../api/get-dashboard'
import { getUserSettings } from '../../api/get-user-settings'
import { saveUserSettings } from '../../api/save-user-settings'
import { setMfa } from '../../api/set-mfa'
import { messageOf } from '../api-client'
import { readLocalSettings, writeLocalSettings } from '../local-settings'
import { notify } from '../notify'
import {
  defaultSettings,
  keysOf,
  pickDomain,
  SETTING_DOMAINS,
  type SettingDomain,
  type SettingKey,
  type SettingsValues,
} from './settings-values'

export const FETCH_ERROR = 'Failed to fetch settings'
export const UPDATE_ERROR = 'Failed to update settings'

export interface SettingsContextValue {
  settings: SettingsValues
  /** True while the settings load (the settings screen shows its loading screen). */
  loading: boolean
  /** The load error ('Failed to fetch settings'); defaults are in use when set. */
  error: string | null
  /** Changes a setting at once; saves it to its domain after the debounce. */
  updateSetting: <K extends SettingKey>(key: K, value: SettingsValues[K]) => void
  /** Drops pending saves and reloads every setting. */
  resetSettings: () => Promise<void>
  theme: Theme
}

const SettingsContext = createContext<SettingsContextValue | null>(null)

function initialSettings(): SettingsValues {
  // Local settings are known synchronously, so feature previews apply before the server answers.
  return { ...defaultSettings(), ...pickDomain(readLocalSettings(), 'localstorage') }
}

async function saveDomain(domain: SettingDomain, values: SettingsValues): Promise<void> {
  if (domain === 'default') {
    await saveUserSettings(
      pickDomain(values as unknown as Record<string, unknown>, 'default') as UserSettings,
    )
  } else if (domain === 'mfaEmail') {
    await setMfa(values.MFAEmail)
  } else {
    writeLocalSettings({
      ...readLocalSettings(),
      ...pickDomain(values as unknown as Record<string, unknown>, domain),
    })
  }
}

export function SettingsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [settings, setSettings] = useState<SettingsValues>(initialSettings)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const current = useRef(settings)
  /** The last values each domain holds for sure: what a failed save reverts to. */
  const saved = useRef(settings)
  const timers = useRef(new Map<SettingDomain, ReturnType<typeof setTimeout>>())
  const loadId = useRef(0)

  const commit = useCallback((next: SettingsValues) => {
    current.current = next
    setSettings(next)
  }, [])

  const cancelPending = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer)
    timers.current.clear()
  }, [])

  const load = useCallback(async () => {
    const id = ++loadId.current
    cancelPending()
    setLoading(true)
    setError(null)
    let values = defaultSettings()
    let failure: string | null = null
    try {
      const server = await getUserSettings()
      values = { ...values, ...pickDomain(server as Record<string, unknown>, 'default') }
      const dashboard = await queryClient.fetchQuery(dashboardQuery())
      values = { ...values, MFAEmail: dashboard?.['2fa']?.email ?? '' }
    } catch {
      failure = FETCH_ERROR
      values = defaultSettings()
    }
    // Local storage cannot fail like the network; it always applies (the stored backend URL is the one in use).
    values = { ...values, ...pickDomain(readLocalSettings(), 'localstorage') }
    if (id !== loadId.current) return
    saved.current = values
    commit(values)
    setError(failure)
    setLoading(false)
  }, [cancelPending, commit, queryClient])

  useEffect(() => {
    void load()
    const pending = timers.current
    return () => {
      for (const timer of pending.values()) clearTimeout(timer)
    }
  }, [load])

  const save = useCallback(
    async (domain: SettingDomain) => {
      timers.current.delete(domain)
      const values = current.current
      try {
        await saveDomain(domain, values)
        const keys = keysOf(domain)
        saved.current = { ...saved.current, ...Object.fromEntries(keys.map((key) => [key, values[key]])) }
        if (domain === 'mfaEmail') {
          queryClient.setQueryData(dashboardQuery().queryKey, (old) =>
            old ? { ...old, '2fa': { ...old['2fa'], email: values.MFAEmail } } : old,
          )
        }
      } catch (failure) {
        // A change made while this save ran is also reverted: the domain goes back to what is known saved.
        const keys = keysOf(domain)
        const reverted = { ...current.current }
        for (const key of keys) (reverted as Record<string, unknown>)[key] = saved.current[key]
        commit(reverted)
        const body = (failure as { body?: unknown })?.body
        notify.error(messageOf(body) ?? UPDATE_ERROR)
      }
    },
    [commit, queryClient],
  )

  const updateSetting = useCallback(
    <K extends SettingKey>(key: K, value: SettingsValues[K]) => {
      commit({ ...current.current, [key]: value })
      const domain = SETTING_DOMAINS[key]
      const pending = timers.current.get(domain)
      if (pending) clearTimeout(pending)
      timers.current.set(
        domain,
        setTimeout(() => void save(domain), TIMING.settingsSaveDebounceMs),
      )
    },
    [commit, save],
  )

  const value = useMemo<SettingsContextValue>(
    () => ({
      settings,
      loading,
      error,
      updateSetting,
      resetSettings: load,
      theme: themeOf(settings['lookAndFeel:theme']),
    }),
    [settings, loading, error, updateSetting, load],
  )

  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>
}

/** The settings of the signed-in user. Throws outside <SettingsProvider>. */
export function useSettings(): SettingsContextValue {
  const context = useContext(SettingsContext)
  if (!context) throw new Error('useSettings must be used within a SettingsProvider')
  return context
}
