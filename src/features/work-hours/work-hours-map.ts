/**
 * The work-hours answer as one flat map 'YYYY-MM-DD' → hours (spec §3: it may arrive flat or nested
 * year → month → day). Days with 0 hours are no entry (0 removes a day); anything that is not a finite, non-negative
 * number is left out.
 */
export type WorkHoursMap = Record<string, number>

const pad = (value: string) => value.padStart(2, '0')

function isHours(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Flat `{'2026-11-20': 8}` and nested `{'2026': {'11': {'20': 8}}}` give the same map. */
export function normaliseWorkHours(raw: unknown): WorkHoursMap {
  const result: WorkHoursMap = {}
  if (!isObject(raw)) return result
  for (const [key, value] of Object.entries(raw)) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(key)) {
      if (isHours(value)) result[key] = value
    } else if (/^\d{4}$/.test(key) && isObject(value)) {
      for (const [month, days] of Object.entries(value)) {
        if (!/^\d{1,2}$/.test(month) || !isObject(days)) continue
        for (const [day, hours] of Object.entries(days)) {
          if (/^\d{1,2}$/.test(day) && isHours(hours)) result[`${key}-${pad(month)}-${pad(day)}`] = hours
        }
      }
    }
  }
  return result
}

/** The map after one accepted write: `hours` 0 removes the day. */
export function withHours(map: WorkHoursMap | undefined, date: string, hours: number): WorkHoursMap {
  const next = { ...map }
  if (hours > 0) next[date] = hours
  else delete next[date]
  return next
}
