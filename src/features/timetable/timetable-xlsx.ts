/**
 * The plan's XLSX file, written and read in the browser. SheetJS is imported here only, and this module is
 * imported on the Importálás/Exportálás click (as Munkaórák's export-xlsx.ts): neither is in the first load nor in
 * the screen's chunk.
 */
import * as XLSX from 'xlsx'
import { utils, write, writeFile, type WorkBook } from 'xlsx'
import { readBoundedRows } from '@contract/spreadsheet'
import { EXPORT_FILE_NAME, exportRows, parseRows, SHEET_NAME, type ParsedRows } from './timetable-rows'
import type { TimetableClass } from './timetable-class'

export function timetableBook(classes: readonly TimetableClass[]): WorkBook {
  const sheet = utils.aoa_to_sheet(exportRows(classes))
  sheet['!cols'] = [{ wch: 11 }, { wch: 8 }, { wch: 10 }, { wch: 28 }, { wch: 24 }, { wch: 36 }, { wch: 38 }]
  const book = utils.book_new()
  utils.book_append_sheet(book, sheet, SHEET_NAME)
  return book
}

/** Downloads the plan as orarend.xlsx. */
export function downloadTimetableXlsx(classes: readonly TimetableClass[]): void {
  writeFile(timetableBook(classes), EXPORT_FILE_NAME, { compression: true })
}

/** The plan as XLSX bytes (tests, and anything that wants the file without a download). */
export function timetableXlsxBytes(classes: readonly TimetableClass[]): ArrayBuffer {
  return write(timetableBook(classes), { type: 'array', bookType: 'xlsx' }) as ArrayBuffer
}

/**
 * Reads the first sheet of an .xlsx file's bytes within the bounds of contract/spreadsheet.ts (the page calls it in
 * a Web Worker: read-timetable-file.ts); throws SpreadsheetLimitError naming a limit the file broke, and SheetJS's
 * error when the bytes are not a spreadsheet.
 */
export function parseTimetableXlsx(bytes: ArrayBuffer, makeId?: () => string): ParsedRows {
  return parseRows(readBoundedRows(XLSX, new Uint8Array(bytes), { raw: true, blankRows: true }), makeId)
}
