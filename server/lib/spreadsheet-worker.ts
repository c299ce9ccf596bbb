/** The worker thread of spreadsheet.ts: reads one file within the bounds and posts its cells or the limit broken. */
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

parentPort?.postMessage(answer(workerData as SheetJob))
