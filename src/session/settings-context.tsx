/**
 * The settings of the signed-in user (spec §4 "Settings load"). The server's data lives in TanStack Query, not
 * here: GET /dashboard/userSettings (`userSettingsQuery`), then the MFA email from GET /dashboard
 * (`dashboardQuery`), in that order; the `localstorage` domain is read from local storage. What the values are:
 * defaults ← server user settings ← MFA email ← local settings ← the changes not saved yet.
 *
 * This provider holds only those unsaved changes and their timers. A change shows at once and is saved to its
 * domain 1 s after the last change in that domain (a new change cancels the pending save); a successful save
 * writes the value into the query cache (or local storage) and drops the change; a failed save drops it too —
 * the value reverts to what is known saved — and the user is told. The shell reads the theme and the
 * featurePreview values from here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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
import type { UserSettings } from '@contract/api'
import { TIMING } from '@contract/limits'
import { themeOf, type Theme } from '@contract/settings'
import { dashboardQuery } from '@/api/dashboard'
import { saveUserSettings, userSettingsQuery } from '@/api/user-settings'
import { messageOf } from '@/lib/api-client'
import { beforeSessionEnd } from './session-actions'
import { readLocalSettings, writeLocalSettings } from '@/lib/local-settings'
import { notify } from '@/lib/notify'
import {
  defaultSettings,
  keysOf,
  pickDomain,
  SETTING_DOMAINS,
  type SettingDomain,
  type SettingKey,
  type SettingsValues,
} from '@/lib/settings/settings-values'

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

type Values = Record<string, unknown>

function readLocalDomain(): Partial<SettingsValues> {
  return pickDomain(readLocalSettings(), 'localstorage')
}

interface Save {
  domain: SettingDomain
  /** The domain's values being saved (its keys only). */
  values: Partial<SettingsValues>
}

async function saveDomain({ domain, values }: Save): Promise<void> {
  if (domain === 'default') await saveUserSettings(values as UserSettings)
  // The MFA e-mail asks for the password (issue 18): its own form saves it (features/settings/mfa-email-form.tsx).
  else if (domain === 'mfaEmail') return
  else writeLocalSettings({ ...readLocalSettings(), ...values })
}

export function SettingsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  // One try, as before the queries: a failure shows 'Failed to fetch settings' and the defaults at once.
  const userSettings = useQuery({ ...userSettingsQuery(), retry: false })
  // Spec order: the MFA email is read after the user settings arrived (the shell has usually cached it already).
  // The shell's query: its retry policy is the app's, as it was when this provider fetched it by hand.
  const dashboard = useQuery({ ...dashboardQuery(), enabled: userSettings.isSuccess })
  const [local, setLocal] = useState(readLocalDomain)
  /** The changes not saved yet, and what the screen shows until they are. */
  const [unsaved, setUnsaved] = useState<Partial<SettingsValues>>({})
  const unsavedRef = useRef(unsaved)
  const timers = useRef(new Map<SettingDomain, ReturnType<typeof setTimeout>>())

  const changeUnsaved = useCallback(
    (change: (current: Partial<SettingsValues>) => Partial<SettingsValues>) => {
      unsavedRef.current = change(unsavedRef.current)
      setUnsaved(unsavedRef.current)
    },
    [],
  )

  /** Drops the domain's unsaved keys whose value is still `sent` (a newer change waits for its own save). */
  const settle = useCallback(
    (domain: SettingDomain, sent?: Partial<SettingsValues>) =>
      changeUnsaved((current) => {
        const next: Values = { ...current }
        for (const key of keysOf(domain))
          if (!sent || (key in sent && next[key] === (sent as Values)[key])) delete next[key]
        return next as Partial<SettingsValues>
      }),
    [changeUnsaved],
  )

  const save = useMutation({
    mutationFn: saveDomain,
    onSuccess: (_answer, { domain, values }) => {
      if (domain === 'default') {
        queryClient.setQueryData(userSettingsQuery().queryKey, (old) => ({
          ...old,
          ...(values as UserSettings),
        }))
      } else if (domain === 'localstorage') {
        setLocal(readLocalDomain())
      }
      settle(domain, values)
    },
    onError: (failure, { domain }) => {
      // Back to what is known saved, a change made while this save ran included (spec: "the state is reverted").
      clearTimeout(timers.current.get(domain))
      timers.current.delete(domain)
      settle(domain)
      notify.error(messageOf((failure as { body?: unknown })?.body) ?? UPDATE_ERROR)
    },
  })
  const { mutateAsync } = save

  const failed = userSettings.isError || dashboard.isError
  const loading = !failed && (userSettings.isPending || dashboard.isPending)

  const saved = useMemo<SettingsValues>(() => {
    const server = failed
      ? {}
      : {
          ...pickDomain((userSettings.data ?? {}) as Values, 'default'),
          ...(dashboard.data ? { MFAEmail: dashboard.data['2fa']?.email ?? '' } : {}),
        }
    return { ...defaultSettings(), ...server, ...local }
  }, [failed, userSettings.data, dashboard.data, local])

  const settings = useMemo<SettingsValues>(() => ({ ...saved, ...unsaved }), [saved, unsaved])
  const settingsRef = useRef(settings)
  useEffect(() => {
    settingsRef.current = settings
  }, [settings])

  /** Saves the domain's values now (its debounce, if any, is dropped); a failure is handled by the mutation. */
  const saveNow = useCallback(
    async (domain: SettingDomain) => {
      clearTimeout(timers.current.get(domain))
      timers.current.delete(domain)
      const values = { ...settingsRef.current, ...unsavedRef.current } as Values
      await mutateAsync({ domain, values: pickDomain(values, domain) }).catch(() => {})
    },
    [mutateAsync],
  )

  const updateSetting = useCallback(
    <K extends SettingKey>(key: K, value: SettingsValues[K]) => {
      changeUnsaved((current) => ({ ...current, [key]: value }))
      const domain = SETTING_DOMAINS[key]
      clearTimeout(timers.current.get(domain))
      timers.current.set(
        domain,
        setTimeout(() => void saveNow(domain), TIMING.settingsSaveDebounceMs),
      )
    },
    [changeUnsaved, saveNow],
  )

  // Kijelentkezés within the debounce second would lose the change with the reload: save what waits first.
  useEffect(
    () =>
      beforeSessionEnd(async () => {
        await Promise.all([...timers.current.keys()].map((domain) => saveNow(domain)))
      }),
    [saveNow],
  )

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const timer of pending.values()) clearTimeout(timer)
    }
  }, [])

  const resetSettings = useCallback(async () => {
    for (const timer of timers.current.values()) clearTimeout(timer)
    timers.current.clear()
    changeUnsaved(() => ({}))
    setLocal(readLocalDomain())
    // The user settings start over (the loading screen shows); the dashboard is refetched in place, so the shell
    // that also shows it does not fall back to its own loading screen.
    await queryClient.resetQueries({ queryKey: userSettingsQuery().queryKey })
    await queryClient.refetchQueries({ queryKey: dashboardQuery().queryKey })
  }, [changeUnsaved, queryClient])

  const value = useMemo<SettingsContextValue>(
    () => ({
      settings,
      loading,
      error: failed ? FETCH_ERROR : null,
      updateSetting,
      resetSettings,
      theme: themeOf(settings['lookAndFeel:theme']),
    }),
    [settings, loading, failed, updateSetting, resetSettings],
  )

  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>
}

/** The settings of the signed-in user. Throws outside <SettingsProvider>. */
export function useSettings(): SettingsContextValue {
  const context = useContext(SettingsContext)
  if (!context) throw new Error('useSettings must be used within a SettingsProvider')
  return context
}
