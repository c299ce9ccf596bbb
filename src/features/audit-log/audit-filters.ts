/**
 * The Rendszernapló filters (spec §2 Audit napló, §4 Audit log, §5, §9): search, users, event types and period, the
 * query string they become, and the chips that show them. Pure: the screen owns the state, this file the rules.
 */
import { AUDIT_TYPES, type AuditType } from '@contract/audit'
import { schoolToday } from '@/lib/school-zone'

export type AuditPeriod = 'today' | 'week' | 'month' | 'all'

/** The Időszak options in menu order; `days` back from today (spec §9: today = 0, 7, 30, all = no bound). */
export const AUDIT_PERIODS: readonly { id: AuditPeriod; label: string; days: number | null }[] = [
  { id: 'today', label: 'Ma', days: 0 },
  { id: 'week', label: 'Utolsó 7 nap', days: 7 },
  { id: 'month', label: 'Utolsó 30 nap', days: 30 },
  { id: 'all', label: 'Minden', days: null },
]

export interface AuditFilters {
  /** The search as typed (trimmed when sent). */
  q: string
  /** The selected users; only a single one reaches the server (spec §5). */
  users: readonly string[]
  /** The checked event types: never empty (spec §4). */
  types: readonly AuditType[]
  period: AuditPeriod
}

export const DEFAULT_FILTERS: AuditFilters = { q: '', users: [], types: AUDIT_TYPES, period: 'all' }

/** Whether every type is checked: then no type filter is sent. */
export function allTypesChecked(types: readonly AuditType[]): boolean {
  return AUDIT_TYPES.every((type) => types.includes(type))
}

/**
 * Checks or unchecks one type. The last checked type cannot be unchecked (spec §4): the selection is returned
 * unchanged. Keeps the catalogue's order.
 */
export function toggleType(
  types: readonly AuditType[],
  type: AuditType,
  checked: boolean,
): readonly AuditType[] {
  if (!checked && types.length === 1 && types[0] === type) return types
  const next = new Set(types)
  if (checked) next.add(type)
  else next.delete(type)
  return AUDIT_TYPES.filter((candidate) => next.has(candidate))
}

/** Selects or deselects one user, keeping the selection in the users list's order. */
export function toggleUser(
  selected: readonly string[],
  user: string,
  checked: boolean,
  order: readonly string[],
): readonly string[] {
  const next = new Set(selected)
  if (checked) next.add(user)
  else next.delete(user)
  const known = order.filter((candidate) => next.has(candidate))
  return [...known, ...[...next].filter((candidate) => !order.includes(candidate))]
}

/** Whether any filter differs from the default: 'Szűrők törlése' shows then (spec §2). */
export function anyFilterActive(filters: AuditFilters): boolean {
  return (
    filters.q.trim() !== '' ||
    filters.users.length > 0 ||
    !allTypesChecked(filters.types) ||
    filters.period !== 'all'
  )
}

/** The user sent to the server: only when exactly one is selected (spec §5). */
export function sentUser(users: readonly string[]): string | null {
  return users.length === 1 ? users[0] : null
}

/** Whether the server narrows the log: an empty answer then says 'Nincs találat' rather than 'Nincs esemény'. */
export function narrowsLog(filters: AuditFilters): boolean {
  return (
    filters.q.trim() !== '' ||
    sentUser(filters.users) !== null ||
    !allTypesChecked(filters.types) ||
    filters.period !== 'all'
  )
}

/** 'yyyy-MM-dd' of the day `days` before `today` ('yyyy-MM-dd'), by the calendar (no DST surprises). */
export function daysBefore(today: string, days: number): string {
  const [year, month, day] = today.split('-').map(Number)
  const date = new Date(Date.UTC(year, month - 1, day - days))
  return date.toISOString().slice(0, 10)
}

/**
 * The filters as the query of GET /auditlog and of the CSV export (without page, limit, cursor), in a stable order.
 * `now` fixes "today" in the school's time zone. Only what narrows the log is sent: `user` when exactly one user is
 * selected, `types` unless every type is checked, `from` unless the period is Minden (no `to`: the newest entries
 * of today keep arriving while the screen is open).
 */
export function auditFilterParams(filters: AuditFilters, now: Date): Record<string, string> {
  const params: Record<string, string> = {}
  const q = filters.q.trim()
  if (q) params.q = q
  const user = sentUser(filters.users)
  if (user !== null) params.user = user
  if (!allTypesChecked(filters.types)) params.types = filters.types.join(',')
  const days = AUDIT_PERIODS.find((period) => period.id === filters.period)?.days ?? null
  if (days !== null) params.from = daysBefore(schoolToday(now), days)
  return params
}

/** `?a=1&b=2` of `params` (empty string when there are none). */
export function queryString(params: Record<string, string | number>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) search.set(key, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}

export type ChipKind = 'q' | 'user' | 'types' | 'period'

export interface FilterChip {
  /** Unique among the chips. */
  key: string
  kind: ChipKind
  label: string
  /** For a user chip: the user it removes. */
  value?: string
}

/**
 * The chips of the active filters, each removable: the search, each selected user, the types (named when at most
 * three are checked, else counted), the period.
 */
export function filterChips(filters: AuditFilters, typeLabel: (type: AuditType) => string): FilterChip[] {
  const chips: FilterChip[] = []
  const q = filters.q.trim()
  if (q) chips.push({ key: 'q', kind: 'q', label: `Keresés: ${q}` })
  for (const user of filters.users)
    chips.push({ key: `user:${user}`, kind: 'user', label: `Felhasználó: ${user}`, value: user })
  if (!allTypesChecked(filters.types)) {
    const label =
      filters.types.length <= 3
        ? filters.types.map(typeLabel).join(', ')
        : `${filters.types.length} / ${AUDIT_TYPES.length} eseménytípus`
    chips.push({ key: 'types', kind: 'types', label: `Események: ${label}` })
  }
  const period = AUDIT_PERIODS.find((candidate) => candidate.id === filters.period)
  if (period && period.days !== null)
    chips.push({ key: 'period', kind: 'period', label: `Időszak: ${period.label}` })
  return chips
}

/** The filters without the chip's filter. */
export function removeChip(filters: AuditFilters, chip: FilterChip): AuditFilters {
  switch (chip.kind) {
    case 'q':
      return { ...filters, q: '' }
    case 'user':
      return { ...filters, users: filters.users.filter((user) => user !== chip.value) }
    case 'types':
      return { ...filters, types: AUDIT_TYPES }
    case 'period':
      return { ...filters, period: 'all' }
  }
}

/**
 * The event count (spec §2): 'N esemény', or 'több mint N esemény' when the server stopped counting (its total is
 * then a lower bound). Thousands are grouped the Hungarian way ('12 345').
 */
export function eventCount(total: number, estimate: boolean): string {
  const number = new Intl.NumberFormat('hu-HU').format(total)
  return estimate ? `több mint ${number} esemény` : `${number} esemény`
}
