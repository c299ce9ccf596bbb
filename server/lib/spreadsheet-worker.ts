/**
 * The worker thread of spreadsheet.ts: reads one file within the bounds and posts its cells or the limit broken, or
 * writes one workbook from its cells and posts the .xlsx bytes.
 */
import { parentPort, workerData } from 'node:worker_threads'
import * as XLSX from 'xlsx'
import { readBoundedRows, SpreadsheetLimitError } from '@contract/spreadsheet'

export interface SheetJob {
  /** The .xlsx bytes, or the CSV file's bytes (UTF-8). */
  bytes: Uint8Array
  kind: 'xlsx' | 'csv'
  /** The message for a file that is not a spreadsheet. */
  unreadable: string
}

export type SheetAnswer = { cells: string[][] } | { limit: boolean; message: string }

/** One sheet of a workbook to write: its name, its rows of cells (null: an empty cell) and column widths. */
export interface SheetToWrite {
  name: string
  rows: (XLSX.CellObject | null)[][]
  cols?: XLSX.ColInfo[]
}

export interface WorkbookJob {
  write: SheetToWrite[]
}

function answer(job: SheetJob): SheetAnswer {
  try {
    const bytes = new Uint8Array(job.bytes)
    const csv = job.kind === 'csv' ? Buffer.from(bytes).toString('utf8') : undefined
    const rows = readBoundedRows(XLSX, bytes, { raw: false, csv })
    return { cells: rows.map((row) => row.map((cell) => String(cell ?? ''))) }
  } catch (error) {
    if (error instanceof SpreadsheetLimitError) return { limit: true, message: error.message }
    return { limit: false, message: job.unreadable }
  }
}

function workbook(job: WorkbookJob): Uint8Array {
  const book = XLSX.utils.book_new()
  for (const { name, rows, cols } of job.write) {
    const sheet = XLSX.utils.aoa_to_sheet(rows)
    if (cols) sheet['!cols'] = cols
    XLSX.utils.book_append_sheet(book, sheet, name)
  }
  // A copy with a buffer of its own (a small Buffer may share Node's pool), moved to the parent without copying again.
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
}

const job = workerData as SheetJob | WorkbookJob
if ('write' in job) {
  const bytes = workbook(job)
  parentPort?.postMessage({ bytes }, [bytes.buffer as ArrayBuffer])
} else parentPort?.postMessage(answer(job))
