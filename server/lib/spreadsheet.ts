/**
 * Uploaded spreadsheets are read in a worker thread (issue 18): the event loop keeps answering while a file is read,
 * and a file that defeats the bounds of contract/spreadsheet.ts (sizes it lies about) is stopped by the worker's heap
 * limit and a timer that terminates it. Each file gets a fresh worker, so nothing of one read outlives it.
 */
import { Worker } from 'node:worker_threads'
import { SPREADSHEET_LIMITS, SPREADSHEET_MESSAGES } from '@contract/spreadsheet'
import { HttpError } from './http-error'
import type { SheetJob, SheetAnswer } from './spreadsheet-worker'

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

/** The first sheet's cells as text (blank rows left out); 413 naming the limit a file broke, 400 for no spreadsheet. */
export function readSpreadsheet(
  job: SheetJob,
  limits: SheetLimits = SPREADSHEET_LIMITS,
): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    })
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      outcome()
    }
    const timer = setTimeout(
      () => settle(() => reject(new HttpError(413, SPREADSHEET_MESSAGES.tooSlow))),
      limits.seconds * 1000,
    )
    worker.once('message', (answer: SheetAnswer) =>
      settle(() =>
        'cells' in answer
          ? resolve(answer.cells)
          : reject(new HttpError(answer.limit ? 413 : 400, answer.message)),
      ),
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
