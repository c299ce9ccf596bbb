/**
 * Reads a timetable .xlsx in a Web Worker (timetable-sheet.worker.ts), so a hostile or huge file never freezes the
 * tab: the worker is ended after SPREADSHEET_LIMITS.seconds and the limit is named.
 */
import { SPREADSHEET_LIMITS, SPREADSHEET_MESSAGES } from '@contract/spreadsheet'
import type { ParsedRows } from './timetable-rows'
import type { TimetableSheetAnswer } from './timetable-sheet.worker'

/** The parsed rows, or `{ ok: false }` with the limit broken; rejects when the file is not a spreadsheet. */
export function readTimetableFile(bytes: ArrayBuffer): Promise<ParsedRows> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./timetable-sheet.worker.ts', import.meta.url), { type: 'module' })
    const done = () => {
      clearTimeout(timer)
      worker.terminate()
    }
    const timer = setTimeout(() => {
      done()
      resolve({ ok: false, message: SPREADSHEET_MESSAGES.tooSlow })
    }, SPREADSHEET_LIMITS.seconds * 1000)
    worker.onmessage = (event: MessageEvent<TimetableSheetAnswer>) => {
      done()
      const answer = event.data
      if ('parsed' in answer) resolve(answer.parsed)
      else if ('limit' in answer) resolve({ ok: false, message: answer.limit })
      else reject(new Error('unreadable timetable file'))
    }
    worker.onerror = (event) => {
      done()
      reject(new Error(event.message || 'timetable worker failed'))
    }
    worker.postMessage(bytes, [bytes])
  })
}
