/**
 * Spreadsheets are read and written in a worker thread (issues 18 and 21): the event loop keeps answering while a
 * file is read or an export is built, and a file that defeats the bounds of contract/spreadsheet.ts (sizes it lies
 * about) is stopped by the worker's heap limit and a timer that terminates it. Each job gets a fresh worker, so
 * nothing of one outlives it; a job given an AbortSignal (the client went away: lib/client-gone.ts) terminates its
 * worker when the signal fires and rejects with the signal's reason.
 */
import { Worker } from 'node:worker_threads'
import { SPREADSHEET_LIMITS, SPREADSHEET_MESSAGES } from '@contract/spreadsheet'
import { HttpError } from './http-error'
import type { SheetJob, SheetAnswer, SheetToWrite, WorkbookJob } from './spreadsheet-worker'

export type { SheetToWrite }

const WORKER_URL = new URL('./spreadsheet-worker.ts', import.meta.url).href
/**
 * The worker is TypeScript: tsx's API registers its loader in the new thread, then loads it (`--import tsx` in a
 * worker's execArgv does not reach Node 20's worker loader, and Vitest's process has no tsx at all).
 */
const BOOTSTRAP = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}) })`

export interface SheetLimits {
  seconds: number
  memoryMb: number
}

/** How many spreadsheet workers run now, and how many were stopped because their client went away (tests). */
export const spreadsheetWorkers = { running: 0, abandoned: 0 }

/** Runs one job in a fresh worker; `answered` turns its message into the result or throws. */
function inWorker<A, T>(
  job: SheetJob | WorkbookJob,
  limits: SheetLimits,
  signal: AbortSignal | undefined,
  answered: (message: A) => T,
): Promise<T> {
  signal?.throwIfAborted()
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    })
    spreadsheetWorkers.running++
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', abandon)
      void worker.terminate().finally(() => spreadsheetWorkers.running--)
      outcome()
    }
    const abandon = () => {
      spreadsheetWorkers.abandoned++
      settle(() => reject(signal!.reason))
    }
    signal?.addEventListener('abort', abandon, { once: true })
    const timer = setTimeout(
      () => settle(() => reject(new HttpError(413, SPREADSHEET_MESSAGES.tooSlow))),
      limits.seconds * 1000,
    )
    worker.once('message', (message: A) =>
      settle(() => {
        try {
          resolve(answered(message))
        } catch (error) {
          reject(error)
        }
      }),
    )
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new HttpError(413, SPREADSHEET_MESSAGES.tooMuchMemory)
            : error,
        ),
      ),
    )
    worker.once('exit', () => settle(() => reject(new Error('spreadsheet worker exited without an answer'))))
  })
}

/** The first sheet's cells as text (blank rows left out); 413 naming the limit a file broke, 400 for no spreadsheet. */
export function readSpreadsheet(
  job: SheetJob,
  limits: SheetLimits = SPREADSHEET_LIMITS,
  signal?: AbortSignal,
): Promise<string[][]> {
  return inWorker(job, limits, signal, (answer: SheetAnswer) => {
    if ('cells' in answer) return answer.cells
    throw new HttpError(answer.limit ? 413 : 400, answer.message)
  })
}

/** An export's cells are the app's own, bounded by what the database holds: more time and heap than an upload's. */
const WRITE_LIMITS: SheetLimits = { seconds: 300, memoryMb: 384 }

/**
 * An export's workbook built from its cells: the .xlsx bytes. */
export async function writeWorkbook(sheets: SheetToWrite[], signal?: AbortSignal): Promise<Buffer> {
  const bytes = await inWorker(
    { write: sheets },
    WRITE_LIMITS,
    signal,
    (answer: { bytes: Uint8Array }) => answer.bytes,
  )
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
