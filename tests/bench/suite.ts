/**
 * The one way to add a benchmark: a module in tests/bench/suites/ whose default export is a `BenchSuite`. run.ts
 * loads every one, offers its `group` to `--only`, and calls each suite's stages in this order, every suite's first
 * stage before any suite's next:
 *   files  — the built app's files alone, before any server starts (bundle sizes);
 *   server — the shared server (5,000 students and the bench teacher, behind the network-cut proxy), before Chromium
 *            starts (API load that Chromium's own work would disturb);
 *   run    — the shared server and Chromium (most suites);
 *   alone  — after Chromium has closed (Lighthouse, which starts Chromiums of its own).
 * A suite that needs data of its own (a million audit entries, 100,000 domains) seeds it through the API or starts a
 * server of its own in `scratch`. Figures go through `record` (value beside its budget) and failures through
 * `fail`: a throw is recorded as `suite <group>` and the other suites still run.
 */
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Browser } from 'playwright-core'
import type { NetCut } from '../support/netcut'

export interface Figure {
  name: string
  value: number | null
  unit: string
  budget: string | null
  pass: boolean | null
  detail?: unknown
}

/** What every stage gets: the built app and the figure sink. */
export interface FilesContext {
  record(figure: Figure): void
  fail(name: string, error: unknown): void
  percentile(values: number[], p: number): number
  round(n: number): number
  /** The built app's files. */
  dist: string
  /** A scratch folder, removed after the run. */
  scratch: string
  /** The command line's options for suites: `--runs N` (repeats, default 1), `--profile DIR` (or null). */
  options: { runs: number; profile: string | null }
}

/** The `server` and `alone` stages: the shared server too. */
export interface ServerContext extends FilesContext {
  /** The real server, straight (API load, seeding). */
  serverUrl: string
  /** The built app through the network-cut proxy (what a browser opens). */
  appUrl: string
  net: NetCut
  /** A teacher account on the shared server (no MFA). */
  teacher: { username: string; password: string; name: string }
  /** How many students the shared server holds (s00000, s00001, …). */
  students: number
}

/** The `run` stage: Chromium too. */
export interface BenchContext extends ServerContext {
  browser: Browser
}

export interface BenchSuite {
  /** The name for `--only`, e.g. 'links'. Several suites may share one. */
  group: string
  files?(context: FilesContext): Promise<void> | void
  server?(context: ServerContext): Promise<void>
  run?(context: BenchContext): Promise<void>
  alone?(context: ServerContext): Promise<void>
}

/**
 * These run first, in this order: they ran before the other suites wrote to the shared server, and their figures
 * stay comparable with bench/history.md so. Every other suite runs after them, by file name.
 */
const FIRST = ['firstload', 'throughput', 'keystroke', 'offline', 'seating', 'outbox']

export async function loadSuites(): Promise<BenchSuite[]> {
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'suites')
  const files = readdirSync(dir)
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .sort()
  const suites: BenchSuite[] = []
  for (const file of files) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as { default: BenchSuite }
    suites.push(module.default)
  }
  const rank = (s: BenchSuite) => (FIRST.includes(s.group) ? FIRST.indexOf(s.group) : FIRST.length)
  return suites.sort((a, b) => rank(a) - rank(b))
}

export function round(n: number): number {
  return Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (!sorted.length) return NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]
}
