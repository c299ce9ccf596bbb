/**
 * The offline repeat visit (DESIGN §7: students list ≤ 1 s at 4× CPU): signed in once with the service worker, the
 * page opened again from the worker's cache (the app was used before: V8 has cached its code), then the network cut
 * and the page opened again. Reported beside it: the same visit without the earlier one, as right after an update. `--runs N` repeats it (the figure is the median), `--profile DIR`
 * saves a CPU profile and a timeline of each visit.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, CDPSession, Page } from 'playwright-core'
import type { NetCut } from '../../support/netcut'
import { openStudents, signedInPage } from '../app'
import type { BenchSuite, ServerContext } from '../suite'

async function offlineRepeatVisit(
  browser: Browser,
  baseUrl: string,
  net: NetCut,
  teacher: ServerContext['teacher'],
  profileDir: string | null,
  codeCached: boolean,
) {
  const { context, page } = await signedInPage(browser, baseUrl, teacher, { serviceWorkers: 'allow' })
  try {
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
    // A tablet's everyday visit: the app was opened before since the last update. V8 keeps a module's compiled code
    // when it runs for the second time from the worker's cache and uses it from the third run on; without this
    // visit the measured one is the second (the first visit after an update's first), compiling and storing it.
    if (codeCached) {
      await page.reload()
      await openStudents(page)
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
    if (profileDir) {
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
    if (profileDir) await saveProfile(page, cdp, timing, profileDir)
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
async function saveProfile(page: Page, cdp: CDPSession, timing: object, profileDir: string) {
  const { profile } = await cdp.send('Profiler.stop')
  mkdirSync(profileDir, { recursive: true })
  const stamp = Date.now()
  writeFileSync(join(profileDir, `offline-${stamp}.cpuprofile`), JSON.stringify(profile))
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
    join(profileDir, `offline-${stamp}.json`),
    JSON.stringify({ timing, ...timeline, top }, null, 2),
  )
  console.log(`  (profile: ${join(profileDir, `offline-${stamp}`)}.{cpuprofile,json})`)
}

const suite: BenchSuite = {
  group: 'offline',
  async run({ record, fail, percentile, round, browser, appUrl, net, teacher, options }) {
    try {
      // Both kinds in turn, so that both see the same machine.
      const everyday: Awaited<ReturnType<typeof offlineRepeatVisit>>[] = []
      const afterUpdate: typeof everyday = []
      for (let i = 0; i < options.runs; i++) {
        for (const codeCached of [true, false]) {
          const o = await offlineRepeatVisit(browser, appUrl, net, teacher, options.profile, codeCached)
          ;(codeCached ? everyday : afterUpdate).push(o)
          if (options.runs > 1)
            console.log(
              `  (offline run ${i + 1}${codeCached ? '' : ', after an update'}: shell ${round(o.shellAt ?? NaN)} ms, rows ${round(o.rowsAt)} ms)`,
            )
        }
      }
      const median = (visits: typeof everyday) =>
        percentile(
          visits.map((o) => o.rowsAt),
          50,
        )
      const rowsAt = median(everyday)
      const shells = everyday.map((o) => o.shellAt).filter((t): t is number => t !== null)
      record({
        name: 'offline repeat visit → students list, 4× CPU',
        value: rowsAt,
        unit: 'ms',
        budget: '≤ 1000 ms (issue 21: ≤ 600 ms)',
        pass: rowsAt <= 1000,
        detail: options.runs > 1 ? { median: true, runs: everyday } : everyday[0],
      })
      if (shells.length)
        record({
          name: 'offline repeat visit → app shell, 4× CPU',
          value: percentile(shells, 50),
          unit: 'ms',
          budget: null,
          pass: null,
        })
      record({
        name: "offline visit after an update → students list, 4× CPU (the update's second visit: code compiled, not yet cached)",
        value: median(afterUpdate),
        unit: 'ms',
        budget: null,
        pass: null,
        detail: options.runs > 1 ? { median: true, runs: afterUpdate } : afterUpdate[0],
      })
    } catch (error) {
      fail('offline repeat visit', error)
    }
  },
}

export default suite
