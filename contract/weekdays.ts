/** Weekdays as the spec numbers them: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [
  { id: 1, name: 'Hétfő' },
  { id: 2, name: 'Kedd' },
  { id: 3, name: 'Szerda' },
  { id: 4, name: 'Csütörtök' },
  { id: 5, name: 'Péntek' },
  { id: 6, name: 'Szombat' },
  { id: 7, name: 'Vasárnap' },
] as const

/** The spec's weekday id of a JavaScript Date's day (Sunday = 7). */
export function weekdayId(jsDay: number): number {
  return jsDay === 0 ? 7 : jsDay
}

/** The Hungarian name of weekday id 1–7. */
export function weekdayName(id: number): string {
  return WEEKDAYS.find((d) => d.id === id)?.name ?? ''
}
