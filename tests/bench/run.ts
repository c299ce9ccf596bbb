/**
 * `npm run bench`: the performance budgets of DESIGN §7, measured against the built app and the real server.
 * Prints each figure beside its budget and writes bench/results.json. Not part of `npm test`.
 *
 *   node --import tsx tests/bench/run.ts            # everything
 *   node --import tsx tests/bench/run.ts --build    # rebuild dist/ first
 *   BENCH_LH_RUNS=1 node --import tsx tests/bench/run.ts
 *
 * Iterating on one budget (partial runs print their figures and leave bench/results.json alone, unless --merge:
 * then they replace their own figures in it and keep every other figure's previous value):
 *
 *   node --import tsx tests/bench/run.ts --only offline --runs 5    # the offline repeat visit, five times
 *   node --import tsx tests/bench/run.ts --only firstload,keystroke
 *   node --import tsx tests/bench/run.ts --only offline --dist /tmp/my-dist   # a build of one's own (vite build --outDir)
 *
 * Groups for --only: firstload, throughput, keystroke, offline, outbox, seating, lighthouse, and the group of each suite
 * in tests/bench/suites/ (see suite.ts) (cold/warm start and seeding always run).
 */
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { TIMING } from '../../contract/limits'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium'
import { startNetCut, type NetCut } from '../support/netcut'
import { loadSuites } from './suite'
import {
  ROOT,
  ensureBuild,
  freePort,
  removeDir,
  snapshotDist,
  startServer,
  tempDir,
  usersCli,
  waitForHealth,
  type ServerHandle,
} from '../support/server'

import type { Figure } from './suite'

const figures: Figure[] = []
const started = Date.now()
const STUDENT_COUNT = 5000
const TEACHER = { username: 'bench.tanar', password: 'Bench-jelszo-2024', name: 'Mérő Mária' }
const KB = 1000

// --- command line ------------------------------------------------------------------------------------------

/** Bench suites of their own (tests/bench/suites/*.ts, see suite.ts): each adds its group name for --only. */
const SUITES = await loadSuites()
const GROUPS = [
  'firstload',
  'throughput',
  'keystroke',
  'offline',
  'outbox',
  'seating',
  'lighthouse',
  ...SUITES.map((s) => s.group),
]
type Group = string

function argValue(name: string): string | null {
  const at = process.argv.indexOf(name)
  if (at !== -1) return process.argv[at + 1] ?? null
  const inline = process.argv.find((a) => a.startsWith(`${name}=`))
  return inline ? inline.slice(name.length + 1) : null
}

const onlyArg = argValue('--only')
const ONLY: ReadonlySet<Group> | null = onlyArg
  ? new Set(
      onlyArg.split(',').map((g) => {
        const group = g.trim() as Group
        if (!GROUPS.includes(group))
          throw new Error(`--only: unknown group '${g}' (one of ${GROUPS.join(', ')})`)
        return group
      }),
    )
  : null
const runs = (group: Group) => !ONLY || ONLY.has(group)
/** Repeats of the offline repeat visit; the figure is their median, every run is in the detail. */
const OFFLINE_RUNS = Math.max(1, Number(argValue('--runs') ?? 1))
const DIST_ARG = argValue('--dist')
/** --profile DIR: each offline visit also saves a CPU profile and its resource/long-task timeline in DIR. */
const PROFILE_DIR = argValue('--profile')

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

function round(n: number): number {
  return Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (!sorted.length) return NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]
}

const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length

// --- first-load JavaScript --------------------------------------------------------------------------------

/** Strings that only a screen other than login contains: finding one in first-load JS means a screen leaked. */
const SCREEN_MARKERS = [
  'Diákok kezelése',
  'Beállítás kategóriák',
  'Hozz létre és kezelj rövid URL-eket',
  'Diáklista',
  'Rendszernapló betöltése',
]
const HEAVY_NAMES = /xlsx|dnd|framer|motion|qrcode/i

function staticFirstLoad(dist: string): { files: string[]; gzip: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1])
  const unique = [...new Set(files)]
  return {
    files: unique,
    gzip: unique.reduce((n, f) => n + gz(readFileSync(join(dist, f.replace(/^\//, '')))), 0),
  }
}

async function runtimeFirstLoad(browser: Browser, baseUrl: string, dist: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  const scripts = new Set<string>()
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname)
  })
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' })
  await page.getByLabel('Felhasználónév', { exact: true }).waitFor()
  await context.close()
  const files = [...scripts].filter((p) => p.startsWith('/assets/'))
  const sizes = files.map((f) => {
    const bytes = readFileSync(join(dist, f.replace(/^\//, '')))
    return { file: f, gzip: gz(bytes), text: bytes.toString('utf8') }
  })
  const screenChunks = sizes.filter(
    (s) =>
      (/-screen-/.test(s.file) && !/login-screen/.test(s.file)) ||
      SCREEN_MARKERS.some((m) => s.text.includes(m)),
  )
  const heavy = sizes.filter((s) => HEAVY_NAMES.test(s.file) || s.text.includes('SheetJS'))
  return {
    gzip: sizes.reduce((n, s) => n + s.gzip, 0),
    files: sizes.map((s) => ({ file: s.file, gzipKB: round(s.gzip / KB) })),
    screenChunks: screenChunks.map((s) => s.file),
    heavy: heavy.map((s) => s.file),
  }
}

// --- server ----------------------------------------------------------------------------------------------

async function login(
  url: string,
  username: string,
  password: string,
): Promise<{ ms: number; token: string | null; status: number }> {
  const t = performance.now()
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const body = (await response.json().catch(() => ({}))) as { Token?: string }
  return { ms: performance.now() - t, token: body.Token ?? null, status: response.status }
}

function studentCsv(dir: string): string {
  const surnames = [
    'Kovács',
    'Szabó',
    'Tóth',
    'Nagy',
    'Horváth',
    'Varga',
    'Kiss',
    'Molnár',
    'Németh',
    'Farkas',
    'Balogh',
    'Papp',
    'Takács',
    'Juhász',
    'Lakatos',
    'Mészáros',
    'Oláh',
    'Simon',
    'Rácz',
    'Fekete',
    'Szilágyi',
    'Török',
    'Fehér',
    'Balázs',
    'Gál',
  ]
  const given = [
    'Ádám',
    'Éva',
    'Bálint',
    'Zsófia',
    'Márk',
    'Lőrinc',
    'Réka',
    'Ákos',
    'Júlia',
    'Dávid',
    'Csenge',
    'Ödön',
    'Írisz',
    'Máté',
    'Kristóf',
    'Noémi',
    'Benedek',
    'Fruzsina',
    'Gergő',
    'Boglárka',
  ]
  const lines = ['type,name,username,password']
  for (let i = 0; i < STUDENT_COUNT; i++) {
    const name = `${surnames[i % surnames.length]} ${given[Math.floor(i / surnames.length) % given.length]} ${given[Math.floor(i / 500) % given.length]}`
    lines.push(`student,${name},s${String(i).padStart(5, '0')},Diak-jelszo-1`)
  }
  const file = join(dir, 'students.csv')
  writeFileSync(file, lines.join('\n') + '\n')
  return file
}

async function throughput(url: string, tokens: string[], seconds: number) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    // Rotate the sessions: the API's per-token rate limit (1200/min) must not turn the run into 429s.
    requests: tokens.map((token) => ({
      method: 'GET',
      path: '/api/students/',
      headers: { authorization: token },
    })),
  })
  return {
    rps: result.requests.average,
    latencyP99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
  }
}

async function startBare(bodyFile: string) {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'tests/bench/bare-server.ts'), String(port), bodyFile],
    {
      cwd: ROOT,
      stdio: 'ignore',
    },
  )
  const url = `http://127.0.0.1:${port}`
  await waitForHealth(url, child, 30_000)
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    },
  }
}

// --- browser ---------------------------------------------------------------------------------------------

async function signIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/`)
  await page.getByLabel('Felhasználónév', { exact: true }).fill(TEACHER.username)
  await page.getByLabel('Jelszó', { exact: true }).fill(TEACHER.password)
  await page.getByLabel('Jelszó', { exact: true }).press('Enter')
  await page
    .getByRole('navigation', { name: 'Főmenü' })
    .getByRole('button', { name: 'Kijelentkezés', exact: true })
    .waitFor({ timeout: 60_000 })
}

async function openStudents(page: Page) {
  await page
    .getByRole('navigation', { name: 'Főmenü' })
    .getByRole('button', { name: 'Diákok', exact: true })
    .click()
  await page
    .getByRole('row')
    .filter({ hasText: /s0\d{4}/ })
    .first()
    .waitFor({ timeout: 60_000 })
}

async function keystrokeLatency(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  })
  try {
    const page = await context.newPage()
    await signIn(page, baseUrl)
    await openStudents(page)
    const rowsAtRest = await page.locator('main [role="row"]').count()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const box = page.getByRole('searchbox')
    await box.click()
    await page.evaluate((debounce) => {
      const w = window as unknown as { __lat: { commit: number; frame: number }[]; __t0: number | null }
      w.__lat = []
      w.__t0 = null
      const input = document.querySelector('main input[type="search"]')!
      input.addEventListener('input', () => (w.__t0 = performance.now()), true)
      // The list update is the first DOM change after the debounce; the input's own re-render comes earlier.
      new MutationObserver((records) => {
        const t0 = w.__t0
        if (t0 === null) return
        const now = performance.now()
        if (now - t0 < debounce - 2) return
        if (records.every((r) => r.target === input)) return
        w.__t0 = null
        requestAnimationFrame(() => {
          w.__lat.push({ commit: now - t0 - debounce, frame: performance.now() - t0 - debounce })
        })
      }).observe(document.querySelector('main')!, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      })
    }, TIMING.searchDebounceMs)

    const samples: { commit: number; frame: number }[] = []
    let maxRows = rowsAtRest
    const keys: string[] = []
    for (const word of ['kovacs', 'nagy', 'lorinc', 'szabo', 'tunde']) {
      for (const ch of word) keys.push(ch)
      keys.push('Control+a', 'Backspace')
    }
    for (const key of keys) {
      if (key === 'Control+a') {
        await page.keyboard.press(key)
        continue
      }
      const before = await page.evaluate(() => (window as unknown as { __lat: unknown[] }).__lat.length)
      await page.keyboard.press(key)
      const got = await page
        .waitForFunction((n) => (window as unknown as { __lat: unknown[] }).__lat.length > n, before, {
          timeout: 3000,
          polling: 50,
        })
        .then(() => true)
        .catch(() => false)
      if (!got) {
        // The result set did not change (no DOM update): not a sample.
        await page.evaluate(() => ((window as unknown as { __t0: null }).__t0 = null))
        continue
      }
      samples.push(
        await page.evaluate(() =>
          (window as unknown as { __lat: { commit: number; frame: number }[] }).__lat.at(-1)!,
        ),
      )
      maxRows = Math.max(maxRows, await page.locator('main [role="row"]').count())
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    return { samples, rowsAtRest, maxRows }
  } finally {
    await context.close()
  }
}

async function offlineRepeatVisit(browser: Browser, baseUrl: string, net: NetCut) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  })
  try {
    const page = await context.newPage()
    await signIn(page, baseUrl)
    await page.evaluate(() => navigator.serviceWorker.ready)
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
      await page.reload()
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20_000 })
    }
    await openStudents(page)
    // The answers the offline visit needs, cached by the worker (polled from here: waitForFunction does not await
    // an async predicate, so it took the pending promise for a yes and never waited).
    const cachedApiPaths = () =>
      page.evaluate(async () => {
        const paths: string[] = []
        for (const name of await caches.keys()) {
          const cache = await caches.open(name)
          for (const request of await cache.keys()) paths.push(new URL(request.url).pathname)
        }
        return paths
      })
    const needed = [/\/api\/students\/?$/, /\/api\/dashboard\/?$/]
    const deadline = Date.now() + 30_000
    for (;;) {
      const paths = await cachedApiPaths()
      if (needed.every((path) => paths.some((p) => path.test(p)))) break
      if (Date.now() > deadline)
        throw new Error(`the worker did not cache ${needed.join(', ')}: ${paths.join(', ')}`)
      await page.waitForTimeout(200)
    }
    // In the page: open Diákok the moment the sidebar exists (an instant user; no harness latency), and note
    // when the shell and the first cached student row appear, in ms since navigation start.
    await context.addInitScript(() => {
      const w = window as unknown as {
        __rowsAt?: number
        __shellAt?: number
        __clickAt?: number
        __longTasks?: unknown[]
      }
      w.__longTasks = []
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            w.__longTasks!.push({ start: Math.round(e.startTime), ms: Math.round(e.duration) })
        }).observe({ type: 'longtask', buffered: true })
      } catch {
        // No long-task timing: the profile has no long tasks then.
      }
      const observer = new MutationObserver(() => {
        if (w.__clickAt === undefined) {
          const nav = document.querySelector('nav[aria-label="Főmenü"]')
          const button =
            nav && [...nav.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Diákok')
          if (button) {
            w.__shellAt = performance.now()
            // --profile: a few ms spent in a named function pin the click on the CPU profile's clock.
            // (A method: a named function here would get tsx's __name helper, which the page does not have.)
            if ((w as { __profiling?: boolean }).__profiling) {
              const marker = {
                benchClickMarker(t: number) {
                  while (performance.now() - t < 3);
                },
              }
              marker.benchClickMarker(w.__shellAt)
            }
            button.click()
            w.__clickAt = performance.now()
          }
        }
        for (const row of document.querySelectorAll('main [role="row"]')) {
          if (/s0\d{4}/.test(row.textContent ?? '')) {
            w.__rowsAt = performance.now()
            observer.disconnect()
            return
          }
        }
      })
      observer.observe(document, { subtree: true, childList: true })
    })
    net.cut()
    await context.setOffline(true)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    if (PROFILE_DIR) {
      await context.addInitScript(() => ((window as { __profiling?: boolean }).__profiling = true))
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit' })
    await page
      .waitForFunction(() => (window as unknown as { __rowsAt?: number }).__rowsAt !== undefined, null, {
        timeout: 30_000,
      })
      .catch(async (error: unknown) => {
        // What the page showed instead of the list: the reason is usually on the screen.
        mkdirSync('bench/tmp', { recursive: true })
        await page.screenshot({ path: 'bench/tmp/offline-failure.png' }).catch(() => {})
        throw error
      })
    const timing = await page.evaluate(() => {
      const w = window as unknown as { __rowsAt: number; __shellAt?: number; __clickAt?: number }
      return { rowsAt: w.__rowsAt, shellAt: w.__shellAt ?? null, clickAt: w.__clickAt ?? null }
    })
    if (PROFILE_DIR) await saveProfile(page, cdp, timing)
    const offlineMarker = await page
      .getByText(/^\s*Nincs hálózat/)
      .first()
      .waitFor({ timeout: 5000 })
      .then(() => true)
      .catch(() => false)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    return { ...timing, offlineMarker }
  } finally {
    net.restore()
    await context.close()
  }
}

/** --profile: the CPU profile (open it in DevTools › Performance) and a readable timeline beside it. */
async function saveProfile(page: Page, cdp: import('playwright-core').CDPSession, timing: object) {
  const { profile } = await cdp.send('Profiler.stop')
  mkdirSync(PROFILE_DIR!, { recursive: true })
  const stamp = Date.now()
  writeFileSync(join(PROFILE_DIR!, `offline-${stamp}.cpuprofile`), JSON.stringify(profile))
  const timeline = await page.evaluate(() => ({
    resources: performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming
      return {
        name: r.name.replace(location.origin, ''),
        start: Math.round(r.startTime),
        end: Math.round(r.responseEnd),
        kB: Math.round(r.decodedBodySize / 100) / 10,
      }
    }),
    marks: performance.getEntriesByType('mark').map((e) => ({ name: e.name, at: Math.round(e.startTime) })),
    longTasks: (window as unknown as { __longTasks?: unknown[] }).__longTasks ?? [],
    nav: (() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
      return (
        n && {
          responseEnd: Math.round(n.responseEnd),
          domContentLoaded: Math.round(n.domContentLoadedEventEnd),
        }
      )
    })(),
  }))
  // Self time per function (ms), the heaviest first: where the main thread went until the rows appeared.
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  const dt = profile.timeDeltas ?? []
  ;(profile.samples ?? []).forEach((id, i) => {
    const node = nodes.get(id)!
    const f = node.callFrame
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}`
    self.set(key, (self.get(key) ?? 0) + (dt[i + 1] ?? 0) / 1000)
  })
  const top = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([k, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${k}`)
  writeFileSync(
    join(PROFILE_DIR!, `offline-${stamp}.json`),
    JSON.stringify({ timing, ...timeline, top }, null, 2),
  )
  console.log(`  (profile: ${join(PROFILE_DIR!, `offline-${stamp}`)}.{cpuprofile,json})`)
}

// --- Lighthouse ------------------------------------------------------------------------------------------

async function lighthouseRuns(url: string, runs: number) {
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const results: { score: number; lcp: number; tbt: number; cls: number; fcp: number }[] = []
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
      userDataDir: tempDir('portal-lh-'),
    })
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      })
      if (!result) throw new Error('Lighthouse returned nothing')
      const { lhr } = result
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
      results.push({
        score: (lhr.categories.performance.score ?? 0) * 100,
        lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
        fcp: lhr.audits['first-contentful-paint'].numericValue ?? NaN,
      })
    } finally {
      chrome.kill()
    }
  }
  // The median run by score, as Lighthouse recommends for variance.
  results.sort((a, b) => a.score - b.score)
  return { median: results[Math.floor(results.length / 2)], runs: results }
}

/** Like snapshotDist, for a build outside ROOT/dist (`vite build --outDir DIR`). */
function snapshotOf(source: string, dir: string): string {
  const target = join(dir, 'dist')
  cpSync(source, target, { recursive: true })
  if (!existsSync(join(target, 'index.html'))) throw new Error(`${source} has no index.html`)
  return target
}

// --- issue 8 screens and the seating editor -------------------------------------------------------------------

/** The chunks a chunk imports statically (`from"./x.js"`, `import"./x.js"`), itself included, transitively. */
function staticClosure(assets: string, files: Iterable<string>): Set<string> {
  const seen = new Set<string>()
  const queue = [...files]
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file) || !existsSync(join(assets, file))) continue
    seen.add(file)
    const text = readFileSync(join(assets, file), 'utf8')
    for (const m of text.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(m[1])
  }
  return seen
}

/** dnd-kit's own string (its live region's id prefix): a chunk holding it holds dnd-kit. */
const DND_KIT_MARKER = 'DndDescribedBy'

/**
 * What opening each issue-8 screen costs beyond the signed-in shell: its lazy chunk and the chunks only it pulls in
 * (gzip). The seating dialog is lazy inside Csoportok and reported on its own, as is dnd-kit's chunk. Also whether
 * the login first load (index.html and everything it imports) holds dnd-kit: it must not.
 */
function issue8Chunks(dist: string) {
  const assets = join(dist, 'assets')
  const all = readdirSync(assets).filter((f) => f.endsWith('.js'))
  const firstLoad = staticClosure(
    assets,
    staticFirstLoad(dist).files.map((f) => f.replace(/^\/?assets\//, '')),
  )
  const shell = staticClosure(assets, [...firstLoad, ...all.filter((f) => /^authenticated-app-/.test(f))])
  const screens: [string, RegExp][] = [
    ['Tantermek', /^classrooms-screen-/],
    ['Csoportok', /^groups-screen-/],
    ['Kezdőlap', /^dashboard-screen-/],
    ['Ülésrend dialog (lazy, in Csoportok)', /^seating-dialog-/],
  ]
  const sizes = screens.map(([name, pattern]) => {
    const entry = all.find((f) => pattern.test(f))
    if (!entry) return { name, gzip: null, files: [] as string[] }
    const own = [...staticClosure(assets, [entry])].filter((f) => !shell.has(f))
    return {
      name,
      gzip: own.reduce((n, f) => n + gz(readFileSync(join(assets, f))), 0),
      files: own,
    }
  })
  const dndChunks = all.filter((f) => readFileSync(join(assets, f), 'utf8').includes(DND_KIT_MARKER))
  return {
    sizes,
    dndChunks: dndChunks.map((f) => ({ file: f, gzip: gz(readFileSync(join(assets, f))) })),
    dndInFirstLoad: [...firstLoad].filter((f) => dndChunks.includes(f)),
  }
}

const SEATING_STUDENTS = 36
const SEATING_DROPS = 30

/**
 * A 36-student group in a 20 × 20 classroom (90 student desks, the teacher's desk in front), made over the API as
 * the bench teacher. Students are the first 36 of the seeded ones.
 */
async function seatingFixture(url: string, token: string) {
  const api = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: {
        Authorization: token,
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify(body),
    })
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  const objects: { x: number; y: number; type: 'student' | 'teacher' }[] = [{ x: 9, y: 0, type: 'teacher' }]
  for (let y = 2; y < 20; y += 2) for (let x = 0; x < 20; x += 2) objects.push({ x, y, type: 'student' })
  const { classroomId } = await api<{ classroomId: string }>('/classrooms', {
    name: 'Mérőterem',
    layout: { size: [20, 20], objects },
  })
  const groupName = 'Mérőcsoport'
  await api<{ groupId: string }>('/groups/create', {
    groupName,
    groupDay: 1,
    students: Array.from({ length: SEATING_STUDENTS }, (_, i) => `s${String(i).padStart(5, '0')}`),
    classroom: classroomId,
  })
  return { groupName, desks: objects.length - 1 }
}

/**
 * A drop on a desk, to the updated grid, at 4× CPU: the keyboard path (a student picked with Enter, the focus on the
 * first free desk, Enter seats them — the same move as a drag's drop). Measured in the page, from the seating
 * Enter's keydown to the DOM change that shows the student on the desk ('commit') and to the next frame ('frame').
 * Each drop waits for its save to leave the outbox before the next, as a teacher seating a class would.
 */
async function seatingDropLatency(browser: Browser, baseUrl: string, groupName: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  })
  try {
    const page = await context.newPage()
    await signIn(page, baseUrl)
    await page
      .getByRole('navigation', { name: 'Főmenü' })
      .getByRole('button', { name: 'Csoportok', exact: true })
      .click()
    const header = page.getByRole('heading', { name: groupName }).getByRole('button')
    await header.waitFor({ timeout: 60_000 })
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click()
    await page
      .getByRole('listitem')
      .filter({ has: header })
      .getByRole('button', { name: 'Ülésrend', exact: true })
      .click()
    const dialog = page.getByRole('dialog', { name: `Ülésrend – ${groupName}` })
    await dialog.getByRole('grid').waitFor({ timeout: 60_000 })
    const cells = await dialog.getByRole('gridcell').count()
    // A string, not a function: tsx would wrap a named helper in __name, which the page does not have.
    await page.evaluate(`(() => {
      window.__drops = []
      document.addEventListener('keydown', (event) => {
        const cell = event.target
        if (event.key !== 'Enter' || !(cell instanceof HTMLElement) || !cell.dataset.desk) return
        const t0 = performance.now()
        const name = document.querySelector('[aria-pressed="true"] [title]')?.getAttribute('title')
        const observer = new MutationObserver(() => {
          if (!name || !(cell.textContent || '').includes(name)) return
          const commit = performance.now() - t0
          observer.disconnect()
          requestAnimationFrame(() => window.__drops.push({ commit, frame: performance.now() - t0 }))
        })
        observer.observe(cell, { attributes: true, childList: true, subtree: true })
      }, true)
    })()`)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const unplaced = dialog.getByRole('region', { name: /^Nincs leültetve/ })
    for (let i = 0; i < SEATING_DROPS; i++) {
      await unplaced.getByRole('button').first().focus()
      await page.keyboard.press('Enter')
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'gridcell', null, {
        timeout: 10_000,
      })
      await page.keyboard.press('Enter')
      await page.waitForFunction((n) => (window as unknown as { __drops: unknown[] }).__drops.length > n, i, {
        timeout: 10_000,
      })
      // The save has left the outbox (no 'Elküldésre vár' in the dialog) before the next drop.
      await dialog
        .getByText('Elküldésre vár', { exact: true })
        .waitFor({ state: 'detached', timeout: 30_000 })
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const drops = await page.evaluate(
      () => (window as unknown as { __drops: { commit: number; frame: number }[] }).__drops,
    )
    const token = await page.evaluate(() => localStorage.getItem('token'))
    return { drops, cells, token }
  } finally {
    await context.close()
  }
}

// --- main ------------------------------------------------------------------------------------------------

// --- outbox -----------------------------------------------------------------------------------------------

/** The Munkaórák screen's own chunk (gzip), reported beside the login first load; SheetJS must not be in it. */
function workHoursChunk(dist: string): { file: string; gzip: number; hasSheetJs: boolean } | null {
  const assets = join(dist, 'assets')
  const file = readdirSync(assets).find((f) => /^work-hours-screen-.*\.js$/.test(f))
  if (!file) return null
  const bytes = readFileSync(join(assets, file))
  return { file, gzip: gz(bytes), hasSheetJs: bytes.toString('utf8').includes('SheetJS') }
}

const OUTBOX_WRITES = 50

/**
 * 50 work-hours writes queued offline through the Munkaórák form, then the network returns: the time from the
 * `online` event to an empty outbox (the badge gone), measured in the page. The server must then hold all 50.
 */
async function outboxFlush(browser: Browser, baseUrl: string, net: NetCut) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  })
  try {
    const page = await context.newPage()
    await signIn(page, baseUrl)
    await page
      .getByRole('navigation', { name: 'Főmenü' })
      .getByRole('button', { name: 'Munkaórák', exact: true })
      .click()
    await page.getByRole('table').waitFor({ timeout: 60_000 })
    net.cut()
    await context.setOffline(true)
    const form = page.getByRole('form', { name: 'Munkaidő rögzítése' })
    const start = new Date(Date.UTC(2025, 0, 1))
    for (let i = 0; i < OUTBOX_WRITES; i++) {
      const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10)
      await form.getByLabel('Dátum').fill(day)
      await form.getByLabel('Óraszám').fill(String(1 + (i % 16) / 2))
      // Enter submits: the toasts piling up at the top right may cover the button.
      await form.getByLabel('Óraszám').press('Enter')
      await page
        .getByRole('button', { name: `${i + 1} módosítás elküldésre vár` })
        .first()
        .waitFor({ timeout: 30_000 })
    }
    // A string, not a function: tsx would wrap a named helper in __name, which the page does not have.
    await page.evaluate(`(() => {
      window.addEventListener('online', () => { window.__onlineAt = performance.now() }, { once: true })
      new MutationObserver(() => {
        if (window.__onlineAt === undefined || window.__emptyAt !== undefined) return
        if (!document.querySelector('[aria-label$="módosítás elküldésre vár"]')) window.__emptyAt = performance.now()
      }).observe(document.body, { subtree: true, childList: true, attributes: true })
    })()`)
    net.restore()
    await context.setOffline(false)
    await page.waitForFunction(
      () => (window as unknown as { __emptyAt?: number }).__emptyAt !== undefined,
      null,
      { timeout: 120_000 },
    )
    const ms = await page.evaluate(() => {
      const w = window as unknown as { __onlineAt: number; __emptyAt: number }
      return w.__emptyAt - w.__onlineAt
    })
    const token = await page.evaluate(() => localStorage.getItem('token'))
    const answer = await fetch(`${baseUrl}/api/work/hours`, { headers: { Authorization: token ?? '' } })
    const stored = Object.keys(
      ((await answer.json()) as { workHours: Record<string, number> }).workHours,
    ).length
    return { ms, stored }
  } finally {
    await context.close()
  }
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

  try {
    // First-load JS, from index.html alone (the runtime figure below includes what the entry imports later).
    if (runs('firstload')) {
      const first = staticFirstLoad(dist)
      record({
        name: 'first-load JS, index.html (gzip)',
        value: first.gzip / KB,
        unit: 'kB',
        budget: '≤ 160 kB',
        pass: first.gzip / KB <= 160,
        detail: first.files,
      })
      const chunk = workHoursChunk(dist)
      record({
        name: 'Munkaórák screen chunk (gzip)',
        value: chunk ? chunk.gzip / KB : null,
        unit: 'kB',
        budget: 'reported; no SheetJS',
        pass: chunk ? (chunk.hasSheetJs ? false : null) : false,
        detail: chunk,
      })
    }

    if (runs('seating')) {
      const chunks = issue8Chunks(dist)
      for (const size of chunks.sizes)
        record({
          name: `${size.name} chunks (gzip)`,
          value: size.gzip === null ? null : size.gzip / KB,
          unit: 'kB',
          budget: 'reported',
          pass: size.gzip === null ? false : null,
          detail: size.files,
        })
      record({
        name: 'dnd-kit chunk (gzip)',
        value: chunks.dndChunks.reduce((n, c) => n + c.gzip, 0) / KB,
        unit: 'kB',
        budget: 'not in the login first load',
        pass: chunks.dndInFirstLoad.length === 0,
        detail: chunks,
      })
    }

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
    await usersCli(dataDir, [
      'add',
      '--type',
      'teacher',
      '--name',
      TEACHER.name,
      '--username',
      TEACHER.username,
      '--password',
      TEACHER.password,
    ])
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

    // Sign-in latency: sequential logins with the production scrypt cost (the tokens feed the throughput run).
    const logins: number[] = []
    const tokens: string[] = []
    const statuses: number[] = []
    for (let i = 0; i < (runs('throughput') ? 20 : 0); i++) {
      const r = await login(server.url, TEACHER.username, TEACHER.password)
      statuses.push(r.status)
      if (r.token) {
        tokens.push(r.token)
        logins.push(r.ms)
      }
    }
    if (runs('throughput')) {
      if (!tokens.length) throw new Error(`no login succeeded (statuses ${statuses.join(',')})`)
      record({
        name: 'login p50 (20 sequential)',
        value: percentile(logins, 50),
        unit: 'ms',
        budget: null,
        pass: null,
        detail: { statuses },
      })
      record({
        name: 'login p95 (20 sequential)',
        value: percentile(logins, 95),
        unit: 'ms',
        budget: null,
        pass: null,
      })
    }

    // Students throughput against a bare Fastify route serving the same bytes, in the same run.
    if (runs('throughput')) {
      try {
        const response = await fetch(`${server.url}/api/students/`, { headers: { Authorization: tokens[0] } })
        const body = Buffer.from(await response.arrayBuffer())
        const count = (JSON.parse(body.toString()) as { students: unknown[] }).students.length
        const bodyFile = join(scratch, 'students.json')
        writeFileSync(bodyFile, body)
        await throughput(server.url, tokens, 2) // warm-up
        const real = await throughput(server.url, tokens, 10)
        const bare = await startBare(bodyFile)
        try {
          await throughput(bare.url, tokens, 2)
          const base = await throughput(bare.url, tokens, 10)
          record({
            name: `GET /api/students/ (${count} students)`,
            value: real.rps,
            unit: 'req/s',
            budget: null,
            pass: null,
            detail: { ...real, bodyBytes: body.length },
          })
          record({
            name: 'bare Fastify, same bytes',
            value: base.rps,
            unit: 'req/s',
            budget: null,
            pass: null,
            detail: base,
          })
          record({
            name: 'students throughput ratio (real / bare)',
            value: real.rps / base.rps,
            unit: '×',
            budget: 'reported',
            pass: real.non2xx === 0 && real.errors === 0 ? null : false,
            detail: { non2xx: real.non2xx, errors: real.errors },
          })
        } finally {
          await bare.stop()
        }
      } catch (error) {
        fail('students throughput', error)
      }
    }

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
    if (runs('firstload')) {
      try {
        const runtime = await runtimeFirstLoad(browser, net.url, dist)
        const ok = runtime.gzip / KB <= 160 && runtime.screenChunks.length === 0 && runtime.heavy.length === 0
        record({
          name: 'first-load JS of the login screen (gzip)',
          value: runtime.gzip / KB,
          unit: 'kB',
          budget: '≤ 160 kB, no screen chunk',
          pass: ok,
          detail: runtime,
        })
        if (runtime.screenChunks.length)
          console.log(`  screen chunks loaded by the login page: ${runtime.screenChunks.join(', ')}`)
        if (runtime.heavy.length)
          console.log(`  heavy chunks loaded by the login page: ${runtime.heavy.join(', ')}`)
      } catch (error) {
        fail('first-load JS of the login screen', error)
      }
    }

    if (runs('keystroke')) {
      try {
        const k = await keystrokeLatency(browser, net.url)
        const commits = k.samples.map((s) => s.commit)
        const frames = k.samples.map((s) => s.frame)
        const p95 = percentile(commits, 95)
        record({
          name: `keystroke → list p50, ${STUDENT_COUNT} students, 4× CPU`,
          value: percentile(commits, 50),
          unit: 'ms',
          budget: null,
          pass: null,
        })
        record({
          name: `keystroke → list p95, ${STUDENT_COUNT} students, 4× CPU`,
          value: p95,
          unit: 'ms',
          budget: '≤ 50 ms',
          pass: p95 <= 50,
          detail: { samples: k.samples.length, debounceMs: TIMING.searchDebounceMs },
        })
        record({
          name: 'keystroke → next frame p95, 4× CPU',
          value: percentile(frames, 95),
          unit: 'ms',
          budget: null,
          pass: null,
        })
        record({
          name: 'DOM rows with 5,000 students (max seen)',
          value: k.maxRows,
          unit: 'rows',
          budget: '≤ 100 (virtualised)',
          pass: k.maxRows <= 100,
          detail: { atRest: k.rowsAtRest },
        })
      } catch (error) {
        fail('keystroke latency', error)
      }
    }

    if (runs('offline')) {
      try {
        const visits: Awaited<ReturnType<typeof offlineRepeatVisit>>[] = []
        for (let i = 0; i < OFFLINE_RUNS; i++) {
          const o = await offlineRepeatVisit(browser, net.url, net)
          visits.push(o)
          if (OFFLINE_RUNS > 1)
            console.log(
              `  (offline run ${i + 1}: shell ${round(o.shellAt ?? NaN)} ms, rows ${round(o.rowsAt)} ms)`,
            )
        }
        const rowsAt = percentile(
          visits.map((o) => o.rowsAt),
          50,
        )
        const shells = visits.map((o) => o.shellAt).filter((t): t is number => t !== null)
        const detail = OFFLINE_RUNS > 1 ? { median: true, runs: visits } : visits[0]
        record({
          name: 'offline repeat visit → students list, 4× CPU',
          value: rowsAt,
          unit: 'ms',
          budget: '≤ 1000 ms',
          pass: rowsAt <= 1000,
          detail,
        })
        if (shells.length)
          record({
            name: 'offline repeat visit → app shell, 4× CPU',
            value: percentile(shells, 50),
            unit: 'ms',
            budget: null,
            pass: null,
          })
      } catch (error) {
        fail('offline repeat visit', error)
      }
    }
    if (runs('seating')) {
      try {
        // What the login page really loads (its runtime imports too) must not hold dnd-kit either.
        const runtime = await runtimeFirstLoad(browser, net.url, dist)
        const dndLoaded = runtime.files
          .map((f) => f.file)
          .filter((f) => readFileSync(join(dist, f.replace(/^\//, '')), 'utf8').includes(DND_KIT_MARKER))
        record({
          name: "dnd-kit in the login page's loaded JS",
          value: dndLoaded.length,
          unit: 'chunks',
          budget: '0',
          pass: dndLoaded.length === 0,
          detail: { loaded: runtime.files, dndLoaded },
        })
        const teacher = await login(server.url, TEACHER.username, TEACHER.password)
        if (!teacher.token) throw new Error(`teacher login answered ${teacher.status}`)
        const fixture = await seatingFixture(server.url, teacher.token)
        const result = await seatingDropLatency(browser, net.url, fixture.groupName)
        const frames = result.drops.map((d) => d.frame)
        const commits = result.drops.map((d) => d.commit)
        const p95 = percentile(frames, 95)
        record({
          name: `seating drop → updated grid p95, 4× CPU (${SEATING_STUDENTS} students, 20×20)`,
          value: p95,
          unit: 'ms',
          budget: '≤ 100 ms',
          pass: result.drops.length >= 20 && p95 <= 100,
          detail: {
            drops: result.drops.length,
            cells: result.cells,
            desks: fixture.desks,
            commitP50: percentile(commits, 50),
            commitP95: percentile(commits, 95),
            frameP50: percentile(frames, 50),
            frames,
          },
        })
        console.log(
          `  (drops: ${result.drops.length}; frame p50 ${round(percentile(frames, 50))} ms; commit p95 ${round(percentile(commits, 95))} ms; frames ${frames.map((f) => Math.round(f)).join(' ')})`,
        )
        record({
          name: 'seating drop → DOM commit p50, 4× CPU',
          value: percentile(commits, 50),
          unit: 'ms',
          budget: null,
          pass: null,
        })
      } catch (error) {
        fail('seating drop latency', error)
      }
    }
    if (runs('outbox')) {
      try {
        const o = await outboxFlush(browser, net.url, net)
        record({
          name: `outbox: online → empty, ${OUTBOX_WRITES} queued writes`,
          value: o.ms,
          unit: 'ms',
          budget: `reported; all ${OUTBOX_WRITES} stored`,
          pass: o.stored >= OUTBOX_WRITES ? null : false,
          detail: o,
        })
      } catch (error) {
        fail('outbox flush', error)
      }
    }
    for (const suite of SUITES.filter((s) => runs(s.group))) {
      try {
        await suite.run({
          record,
          fail,
          percentile,
          round,
          browser,
          serverUrl: server.url,
          appUrl: net.url,
          net,
          dist,
          scratch,
          teacher: TEACHER,
        })
      } catch (error) {
        fail(`suite ${suite.group}`, error)
      }
    }
    await browser.close()
    browser = null

    if (runs('lighthouse')) {
      try {
        const lh = await lighthouseRuns(`${net.url}/`, Number(process.env.BENCH_LH_RUNS ?? 3))
        const m = lh.median
        record({
          name: 'Lighthouse mobile performance (login)',
          value: m.score,
          unit: '',
          budget: '≥ 95',
          pass: m.score >= 95,
          detail: lh.runs,
        })
        record({ name: 'Lighthouse LCP', value: m.lcp, unit: 'ms', budget: '≤ 2000 ms', pass: m.lcp <= 2000 })
        record({ name: 'Lighthouse TBT', value: m.tbt, unit: 'ms', budget: '≤ 150 ms', pass: m.tbt <= 150 })
        record({ name: 'Lighthouse CLS', value: m.cls, unit: '', budget: '≤ 0.05', pass: m.cls <= 0.05 })
      } catch (error) {
        fail('Lighthouse', error)
      }
    }
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
