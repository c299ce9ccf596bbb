/** The settings screen's categories and inputs (spec §2, §3). Keys, defaults and domains come from contract. */
import type { TSchema } from '@sinclair/typebox'
import { SETTING_DOMAINS, type SettingDomain } from '@contract/settings'
import type { Rule } from '@/components/form'
import { defaultBackendUrl, normaliseBackendUrl } from '@/lib/backend-url'
import { defaultSettings, type SettingsValues } from '@/lib/settings/settings-values'

export type SettingType = 'text' | 'select' | 'boolean' | 'custom'

export interface SettingOption {
  label: string
  value: string | boolean
}

export interface SettingDefinition {
  key: string
  label: string
  /** One of SettingType; kept a string so an unknown type shows 'Nem támogatott input típus'. */
  type: SettingType | (string & {})
  defaultValue: unknown
  description: string
  options?: SettingOption[]
  domain?: SettingDomain
  /** When it returns a reason, the input is disabled and the reason shows under it. */
  disabled?: (values: SettingsValues) => string | null
  /** The custom component's name (type 'custom'). */
  component?: string
  placeholder?: string
  /** A text setting's TypeBox schema (the contract's, where the server checks the same value). */
  schema?: TSchema
  /** The Hungarian message per failed rule of `schema`. */
  messages?: Partial<Record<Rule, string>>
  /** A text setting's rule beyond the schema: the value to save, or the message of why it cannot be saved. */
  parse?: (input: string) => { value: string } | { error: string }
}

export interface SettingsCategory {
  id: string
  label: string
  description: string
  alert?: { status: 'info' | 'warning'; text: string }
  order: number
  settings: SettingDefinition[]
}

const defaults = defaultSettings()

function sameBackend(url: string): boolean {
  const result = normaliseBackendUrl(url)
  return 'url' in result && result.url === defaultBackendUrl()
}

function define(key: keyof SettingsValues, rest: Omit<SettingDefinition, 'key' | 'defaultValue' | 'domain'>) {
  return { key, defaultValue: defaults[key], domain: SETTING_DOMAINS[key], ...rest }
}

export const SETTINGS_CATEGORIES: SettingsCategory[] = [
  {
    id: 'backend',
    order: 1,
    label: 'Backend',
    description: 'A szerver címe, amelyhez az alkalmazás csatlakozik.',
    alert: {
      status: 'info',
      text: 'A cím ebben a böngészőben tárolódik. Másik szerver megadása után jelentkezz be újra.',
    },
    settings: [
      define('backendUrl', {
        label: 'Backend URL',
        type: 'text',
        description: 'Ha nem http:// vagy https:// kezdetű, https:// kerül elé.',
        placeholder: 'https://pelda.hu/api',
        // Spec §5, the rule the login page's dialog uses too.
        parse: (input) => {
          const result = normaliseBackendUrl(input)
          return 'url' in result ? { value: result.url } : result
        },
      }),
    ],
  },
  {
    id: 'quickActions',
    order: 2,
    label: 'Gyorsindító gombok',
    description: 'A kezdőlapon megjelenő gyorsindító gombok: adj hozzá vagy törölj hivatkozásokat.',
    settings: [
      define('quickActions', {
        label: 'Gyorsindító gombok',
        type: 'custom',
        component: 'quickActions',
        description: 'Minden gombhoz név és URL szükséges.',
      }),
    ],
  },
  {
    id: 'profile',
    order: 3,
    label: 'Profil',
    description: 'A fiókodhoz tartozó beállítások.',
    settings: [
      // Spec §3 says text; beyond the spec (issue 18) a change asks for the password, so it has its own form.
      define('MFAEmail', {
        label: 'MFA e-mail cím',
        type: 'custom',
        component: 'mfaEmail',
        description:
          'Erre a címre küldjük a többfaktoros hitelesítő kódot. Üresen hagyva a többfaktoros hitelesítés kikapcsol.',
        disabled: (values) =>
          sameBackend(values.backendUrl)
            ? null
            : 'Csak az alapértelmezett backend használatakor módosítható.',
      }),
    ],
  },
  {
    id: 'appearance',
    order: 4,
    label: 'Megjelenés',
    description: 'Az alkalmazás kinézete.',
    settings: [
      define('lookAndFeel:theme', {
        label: 'Téma',
        type: 'select',
        description: 'Világos vagy sötét megjelenés.',
        options: [
          { label: 'Világos', value: 'light' },
          { label: 'Sötét', value: 'dark' },
        ],
      }),
    ],
  },
  {
    id: 'tests',
    order: 5,
    label: 'Tesztek',
    description: 'Kísérleti funkciók, amelyeket kipróbálhatsz, mielőtt mindenkinek elérhetővé válnak.',
    alert: { status: 'warning', text: 'A kísérleti funkciók még hibásan működhetnek.' },
    settings: [
      define('featurePreview:responsiveSidebar', {
        label: 'Reszponzív oldalsáv',
        type: 'boolean',
        description:
          'Táblagépen (768–1023 px széles képernyőn) az oldalsáv ikonsávként a képernyőn marad a menügomb helyett; telefonon a menügomb, asztali gépen a teljes oldalsáv marad.',
      }),
      define('featurePreview:builtinTicketForm', {
        label: 'Beépített hibabejelentő űrlap',
        type: 'boolean',
        description: 'Hibabejelentés közvetlenül az alkalmazásból.',
      }),
      define('featurePreview:timetablePlanner', {
        label: 'Órarendtervező',
        type: 'boolean',
        description: 'A Munkaidő tervező menüpont bekapcsolása.',
      }),
      define('featurePreview:groupNotes', {
        label: 'Csoportjegyzetek',
        type: 'select',
        description: 'Jegyzetek a csoportokhoz.',
        options: [
          { label: 'Nincs', value: false },
          { label: 'Felhasználói felület 1', value: 'ui1' },
        ],
      }),
    ],
  },
]

/** Categories in their display order. */
export function sortedCategories(categories: SettingsCategory[] = SETTINGS_CATEGORIES): SettingsCategory[] {
  return [...categories].sort((a, b) => a.order - b.order)
}
