/** The rows of the month's XLSX export: a header, a row a day with its weekday, and a total row. */
import { monthDays, monthTotal } from './month'
import type { WorkHoursMap } from './work-hours-map'

export const EXPORT_HEADER = ['Dátum', 'Nap', 'Óraszám'] as const
export const TOTAL_LABEL = 'Összesen'

export function exportFileName(month: string): string {
  return `munkaorak-${month}.xlsx`
}

export function exportRows(month: string, hours: WorkHoursMap): (string | number)[][] {
  return [
    [...EXPORT_HEADER],
    ...monthDays(month, hours).map((day) => [day.date, day.weekday, day.hours]),
    [TOTAL_LABEL, '', monthTotal(month, hours)],
  ]
}
