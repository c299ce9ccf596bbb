/**
 * `npm run bench`: the performance budgets of DESIGN §7, measured against the built app and the real server.
 * Prints each figure beside its budget and writes bench/results.json. Not part of `npm test`.
 *
 *   node --import tsx tests/bench/run.ts            # everything
 *   node --import tsx tests/bench/run.ts --build    # rebuild dist/ first
 *   node --import tsx tests/bench/run.ts --help     # these options and the groups, nothing run
 *   BENCH_LH_RUNS=1 node --import tsx tests/bench/run.ts
 *
 * Iterating on one budget (partial runs print their figures and leave bench/results.json alone, unless --merge:
 * then they replace their own figures in it and keep every other figure's previous value):
 *
 *   node --import tsx tests/bench/run.ts --only offline --runs 5    # the offline repeat visit, five times
 *   node --import tsx tests/bench/run.ts --only firstload,keystroke
 *   node --import tsx tests/bench/run.ts --only offline --dist /tmp/my-dist   # a build of one's own (vite build --outDir)
 *
 * Every benchmark is a suite in tests/bench/suites/ (see suite.ts); its group is a name for --only. This file parses
 * the options, starts and seeds what the suites share (cold and warm start, which always run, 5,000 students and the
 * bench teacher, the network-cut proxy, Chromium), runs the suites' stages and writes the figures.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium'
import { startNetCut, type NetCut } from '../support/netcut'
import {
  ROOT,
  ensureBuild,
  removeDir,
  snapshotDist,
  startServer,
  tempDir,
  usersCli,
  waitForHealth,
  type ServerHandle,
} from '../support/server'
import { addAccount } from './app'
import {
  loadSuites,
  percentile,
  round,
  type Figure,
  type BenchContext,
  type FilesContext,
  type ServerContext,
} from './suite'

const figures: Figure[] = []
const started = Date.now()
const STUDENT_COUNT = 5000
const TEACHER = { username: 'bench.tanar', password: 'Bench-jelszo-2024', name: 'Mérő Mária' }

// --- command line ------------------------------------------------------------------------------------------

const SUITES = await loadSuites()
const GROUPS = [...new Set(SUITES.map((s) => s.group))]

function argValue(name: string): string | null {
  const at = process.argv.indexOf(name)
  if (at !== -1) return process.argv[at + 1] ?? null
  const inline = process.argv.find((a) => a.startsWith(`${name}=`))
  return inline ? inline.slice(name.length + 1) : null
}

if (process.argv.includes('--help')) {
  console.log(`npm run bench [-- options]: the DESIGN §7 budgets against the built app and the real server.
  --build           rebuild dist/ first
  --dist DIR        measure a build of one's own (vite build --outDir DIR)
  --only A,B        run these groups only (cold/warm start and seeding always run); bench/results.json left alone
  --merge           with --only: write this run's figures into bench/results.json, keep the others
  --strict          exit 1 when a figure is over budget or failed
  --runs N          repeat the offline repeat visit N times (the figure is the median)
  --profile DIR     save a CPU profile and a timeline of each offline visit in DIR
  --scale F         the district suite's size (0.1: a tenth of the district; figures named with it)
  BENCH_LH_RUNS=N   Lighthouse runs (median; 3 by default)
groups: ${GROUPS.join(', ')}`)
  process.exit(0)
}

const onlyArg = argValue('--only')
const ONLY: ReadonlySet<string> | null = onlyArg
  ? new Set(
      onlyArg.split(',').map((g) => {
        const group = g.trim()
        if (!GROUPS.includes(group))
          throw new Error(`--only: unknown group '${g}' (one of ${GROUPS.join(', ')})`)
        return group
      }),
    )
  : null
const SELECTED = SUITES.filter((s) => !ONLY || ONLY.has(s.group))
const OPTIONS = {
  /** Repeats of the offline repeat visit; the figure is their median, every run is in the detail. */
  runs: Math.max(1, Number(argValue('--runs') ?? 1)),
  /** --profile DIR: each offline visit also saves a CPU profile and its resource/long-task timeline in DIR. */
  profile: argValue('--profile'),
}
const DIST_ARG = argValue('--dist')

function record(figure: Figure): void {
  figures.push(figure)
  const value = figure.value === null ? 'n/a' : `${round(figure.value)} ${figure.unit}`
  const verdict = figure.pass === null ? '' : figure.pass ? '  ok' : '  OVER BUDGET'
  console.log(`${figure.name.padEnd(44)} ${value.padStart(14)}   budget ${figure.budget ?? '—'}${verdict}`)
}

function fail(name: string, error: unknown): void {
  const message = String((error as Error)?.message ?? error)
    .split('\n')
    .slice(0, 6)
    .join('\n')
  figures.push({ name, value: null, unit: '', budget: null, pass: false, detail: { error: message } })
  console.log(`${name.padEnd(44)} FAILED: ${message}`)
}

type Stages = { files: FilesContext; server: ServerContext; run: BenchContext; alone: ServerContext }

/** One stage of every selected suite that has it, in order; a throw is the suite's failure, not the run's. */
async function stage<S extends keyof Stages>(name: S, context: Stages[S]): Promise<void> {
  for (const suite of SELECTED) {
    const step = suite[name] as ((context: Stages[S]) => Promise<void> | void) | undefined
    if (!step) continue
    try {
      await step.call(suite, context)
    } catch (error) {
      fail(`suite ${suite.group}`, error)
    }
  }
}

/** The seeded students' names: surname, two given names, in this order (their ids are s00000, s00001, …). */
const SURNAMES =
  `Kovács Szabó Tóth Nagy Horváth Varga Kiss Molnár Németh Farkas Balogh Papp Takács Juhász Lakatos
  Mészáros Oláh Simon Rácz Fekete Szilágyi Török Fehér Balázs Gál`.split(/\s+/)
const GIVEN =
  `Ádám Éva Bálint Zsófia Márk Lőrinc Réka Ákos Júlia Dávid Csenge Ödön Írisz Máté Kristóf Noémi Benedek
  Fruzsina Gergő Boglárka`.split(/\s+/)

function studentCsv(dir: string): string {
  const lines = ['type,name,username,password']
  for (let i = 0; i < STUDENT_COUNT; i++) {
    const name = `${SURNAMES[i % SURNAMES.length]} ${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]} ${GIVEN[Math.floor(i / 500) % GIVEN.length]}`
    lines.push(`student,${name},s${String(i).padStart(5, '0')},Diak-jelszo-1`)
  }
  const file = join(dir, 'students.csv')
  writeFileSync(file, lines.join('\n') + '\n')
  return file
}

/** Like snapshotDist, for a build outside ROOT/dist (`vite build --outDir DIR`). */
function snapshotOf(source: string, dir: string): string {
  const target = join(dir, 'dist')
  cpSync(source, target, { recursive: true })
  if (!existsSync(join(target, 'index.html'))) throw new Error(`${source} has no index.html`)
  return target
}

async function main() {
  console.log('building / checking dist…')
  if (!DIST_ARG) await ensureBuild(process.argv.includes('--build'))
  const scratch = tempDir('portal-bench-')
  const dist = DIST_ARG ? snapshotOf(resolve(DIST_ARG), scratch) : snapshotDist(scratch)
  const dataDir = join(scratch, 'data')
  mkdirSync(dataDir)
  let server: ServerHandle | null = null
  let browser: Browser | null = null
  let net: NetCut | null = null
  console.log(`${'figure'.padEnd(44)} ${'value'.padStart(14)}   budget`)
  const base: FilesContext = { record, fail, percentile, round, dist, scratch, options: OPTIONS }

  try {
    await stage('files', base)

    // Cold start: empty DATA_DIR (migrations, first administrator).
    let t = performance.now()
    server = await startServer({ dataDir, staticDir: dist, healthTimeoutMs: 120_000 })
    const cold = performance.now() - t
    record({
      name: 'cold start (empty DATA_DIR → /api/health)',
      value: cold,
      unit: 'ms',
      budget: null,
      pass: null,
    })
    await server.stop()
    server = null

    // 5,000 students and one teacher, through the users CLI (students with a cheap hash; the teacher's is real).
    t = performance.now()
    await usersCli(dataDir, ['import', studentCsv(scratch)], { PASSWORD_HASH_LOG_N: '4' })
    await addAccount(dataDir, 'teacher', TEACHER)
    console.log(`  (seeded ${STUDENT_COUNT} students in ${Math.round((performance.now() - t) / 1000)} s)`)

    t = performance.now()
    server = await startServer({ dataDir, staticDir: dist })
    record({
      name: `warm start (${STUDENT_COUNT} students → /api/health)`,
      value: performance.now() - t,
      unit: 'ms',
      budget: null,
      pass: null,
    })
    net = await startNetCut(server.port)
    const shared: ServerContext = {
      ...base,
      serverUrl: server.url,
      appUrl: net.url,
      net,
      teacher: TEACHER,
      students: STUDENT_COUNT,
    }
    await stage('server', shared)

    // The load test must not have taken the server down.
    try {
      await waitForHealth(server.url, server.process, 15_000)
    } catch (error) {
      console.log(
        `server not healthy after the load test: ${(error as Error).message}\n${server.output().slice(-3000)}`,
      )
      throw error
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
    await stage('run', { ...shared, browser })
    await browser.close()
    browser = null

    await stage('alone', shared)
  } catch (error) {
    fail('bench', error)
    if (server) console.log(server.output().slice(-3000))
  } finally {
    await browser?.close().catch(() => {})
    await net?.close().catch(() => {})
    await server?.stop().catch(() => {})
    removeDir(scratch)
  }

  const over = figures.filter((f) => f.pass === false)
  const summary = over.length
    ? `${over.length} figure(s) over budget or failed: ${over.map((f) => f.name).join('; ')}`
    : 'every budget met'
  if (ONLY && !process.argv.includes('--merge')) {
    console.log(`\npartial run (--only ${[...ONLY].join(',')}): bench/results.json left alone — ${summary}`)
    return over.length && process.argv.includes('--strict') ? 1 : 0
  }
  mkdirSync(join(ROOT, 'bench'), { recursive: true })
  const file = join(ROOT, 'bench', 'results.json')
  let all = figures
  if (ONLY) {
    // --merge: this run's figures replace their namesakes; every other figure keeps its previous value.
    const previous = existsSync(file)
      ? ((JSON.parse(readFileSync(file, 'utf8')) as { figures?: Figure[] }).figures ?? [])
      : []
    const fresh = new Map(figures.map((f) => [f.name, f]))
    all = [
      ...previous.map((f) => fresh.get(f.name) ?? f),
      ...figures.filter((f) => !previous.some((p) => p.name === f.name)),
    ]
  }
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    chromium: CHROMIUM_PATH,
    seconds: Math.round((Date.now() - started) / 1000),
    ...(ONLY ? { partial: [...ONLY] } : {}),
    figures: all,
  }
  writeFileSync(file, JSON.stringify(out, null, 2) + '\n')
  console.log(`\nwrote bench/results.json — ${summary}`)
  return over.length && process.argv.includes('--strict') ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
