/**
 * The month's XLSX export, built in the browser. SheetJS is imported here only, and this module is imported on the
 * click: neither is in the first load nor in the screen's chunk.
 */
import { utils, writeFile } from 'xlsx'
import { formatMonth } from '@/lib/format'
import { exportFileName, exportRows } from './export-rows'
import type { WorkHoursMap } from './work-hours-map'

export function downloadMonthXlsx(month: string, hours: WorkHoursMap): void {
  const sheet = utils.aoa_to_sheet(exportRows(month, hours))
  sheet['!cols'] = [{ wch: 12 }, { wch: 12 }, { wch: 10 }]
  const book = utils.book_new()
  // Sheet names allow 31 characters and no '/', '?', '*', '[', ']' or ':': '2026. november' fits.
  utils.book_append_sheet(book, sheet, formatMonth(month))
  writeFile(book, exportFileName(month), { compression: true })
}
