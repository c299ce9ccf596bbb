/**
 * A bench suite of its own: a module in tests/bench/suites/ whose default export is a `BenchSuite`. run.ts loads
 * every one, adds its `group` to the names `--only` accepts, and runs it after the built-in groups with the shared
 * server (5,000 students and the bench teacher, behind the network-cut proxy) and Chromium. A suite that needs data
 * of its own (a million audit entries, 100,000 domains) seeds it through the API or starts a server of its own in
 * `scratch`. Figures go through `record` (value beside its budget) and failures through `fail`: never a throw
 * that would end the other suites.
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

export interface BenchContext {
  record(figure: Figure): void
  fail(name: string, error: unknown): void
  percentile(values: number[], p: number): number
  round(n: number): number
  browser: Browser
  /** The real server, straight (API load, seeding). */
  serverUrl: string
  /** The built app through the network-cut proxy (what a browser opens). */
  appUrl: string
  net: NetCut
  /** The built app's files. */
  dist: string
  /** A scratch folder, removed after the run. */
  scratch: string
  /** A teacher account on the shared server (no MFA). */
  teacher: { username: string; password: string; name: string }
}

export interface BenchSuite {
  /** The name for `--only`, e.g. 'links'. */
  group: string
  run(context: BenchContext): Promise<void>
}

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
  return suites
}
