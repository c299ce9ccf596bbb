/**
 * The timetable import's Web Worker: reads one .xlsx file (its bytes in the message) within the bounds of
 * contract/spreadsheet.ts and answers the parsed rows, the limit the file broke, or that it is unreadable. The tab
 * never runs SheetJS on an upload itself; read-timetable-file.ts ends this worker when it takes too long.
 */
import { SpreadsheetLimitError } from '@contract/spreadsheet'
import type { ParsedRows } from './timetable-rows'
import { parseTimetableXlsx } from './timetable-xlsx'

export type TimetableSheetAnswer = { parsed: ParsedRows } | { limit: string } | { unreadable: true }

export function answerTimetableSheet(bytes: ArrayBuffer): TimetableSheetAnswer {
  try {
    return { parsed: parseTimetableXlsx(bytes) }
  } catch (error) {
    if (error instanceof SpreadsheetLimitError) return { limit: error.message }
    console.error(error)
    return { unreadable: true }
  }
}

// Only in a worker (a test imports answerTimetableSheet into the page).
if (typeof WorkerGlobalScope !== 'undefined')
  self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
    self.postMessage(answerTimetableSheet(event.data))
  }
