/**
 * Munkaidő tervező (issue 10): the timetable's first render with 200 classes at 4× CPU. The plan is seeded into
 * the page's IndexedDB (the per-user `portal-timetable` store, as the screen keeps it); each run reloads the page,
 * throttles the CPU with CDP (as keystroke.ts does) and times from the click on the sidebar entry to
 * the frame after the 200th block is in the DOM: the screen's chunk, the IndexedDB read, layout and paint.
 *   - cold: clicked as soon as the shell shows (the chunk is fetched and evaluated in the measurement);
 *   - warm: clicked once the shell has preloaded the chunk (what a user who opens the screen later gets).
 * DESIGN §7 sets no budget for it: the figures are reported without one.
 * `--profile DIR` saves a CPU profile of each measured click in DIR and prints the functions with the most self time.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { WEEKDAYS } from '@contract/weekdays'
import { mainMenu, signedInPage } from '../app'
import { saveCpuProfile } from '../cpu-profile'
import type { BenchSuite } from '../suite'

const CLASS_COUNT = 200
const RUNS = 5
const CPU_SLOWDOWN = 4
const ENTRY = 'Munkaidő tervező'

function slot(id: number) {
  const hour = Math.floor(id / 4)
  const minute = String((id % 4) * 15).padStart(2, '0')
  return { id, label: `${hour}:${minute}`, fullLabel: `${String(hour).padStart(2, '0')}:${minute}` }
}

/** 200 classes over the week: 7:00–19:00, 45–120 minutes, some overlapping, a few instructors booked twice. */
function plan() {
  const instructors = ['Kiss Anna', 'Nagy Béla', 'Tóth Tímea', 'Szabó Éva', 'Varga Lőrinc', 'Molnár Ákos']
  return Array.from({ length: CLASS_COUNT }, (_, i) => {
    const day = WEEKDAYS[i % 7]
    const start = 28 + ((i * 7) % 44)
    const end = Math.min(95, start + 3 + (i % 6))
    return {
      id: `bench-${i}`,
      name: `Óra ${i + 1} ${String.fromCharCode(65 + (i % 6))}`,
      day: { id: day.id, name: day.name },
      startTime: slot(start),
      endTime: slot(end),
      instructor: instructors[i % instructors.length],
      students: [],
    }
  })
}

/** The planner is a feature preview: switched on in the device settings before signing in. */
const PREVIEW = { 'featurePreview:timetablePlanner': true }

function menuEntry(page: Page, name: string) {
  return mainMenu(page).getByRole('button', { name, exact: true })
}

/** Writes the plan under the signed-in user's id, as api/timetable-plan.ts stores it. */
async function seed(page: Page, classes: ReturnType<typeof plan>) {
  await page.evaluate(async (classes) => {
    const answer = await fetch('/api/dashboard', {
      headers: { Authorization: localStorage.getItem('token') ?? '' },
    })
    const { user } = (await answer.json()) as { user: { id: string } }
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('portal-timetable')
      open.onupgradeneeded = () => open.result.createObjectStore('plans')
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const db = open.result
        const tx = db.transaction('plans', 'readwrite')
        tx.objectStore('plans').put(classes, user.id)
        tx.oncomplete = () => {
          db.close()
          resolve()
        }
        tx.onerror = () => reject(tx.error)
      }
    })
  }, classes)
}

/** One measurement after a reload: ms from the click to the frame after the last block appeared. */
async function measure(page: Page, warm: boolean, profileDir: string | null): Promise<number> {
  await page.reload()
  await menuEntry(page, ENTRY).waitFor({ timeout: 60_000 })
  if (warm)
    await page.waitForFunction(
      () => performance.getEntriesByType('resource').some((e) => /timetable-screen[^/]*\.js/.test(e.name)),
      undefined,
      { timeout: 30_000, polling: 100 },
    )
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  try {
    await page.evaluate((count) => {
      const w = window as unknown as { __tt: Promise<number> }
      w.__tt = new Promise<number>((resolve) => {
        let t0 = 0
        document.addEventListener('click', () => (t0 = performance.now()), { capture: true, once: true })
        const observer = new MutationObserver(() => {
          if (t0 === 0 || document.querySelectorAll('[data-timetable-block]').length < count) return
          observer.disconnect()
          // The frame that paints the blocks, then the task after it.
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0))
        })
        observer.observe(document.body, { childList: true, subtree: true })
      })
    }, CLASS_COUNT)
    if (profileDir) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    await menuEntry(page, ENTRY).click()
    const ms = await page.evaluate(() => (window as unknown as { __tt: Promise<number> }).__tt)
    if (profileDir) await saveCpuProfile(cdp, profileDir, `timetable-${warm ? 'warm' : 'cold'}`)
    return ms
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await cdp.detach()
  }
}

const suite: BenchSuite = {
  group: 'timetable',
  async run({ browser, appUrl, teacher, record, fail, percentile, round, options }) {
    let context: BrowserContext | undefined
    try {
      const signedIn = await signedInPage(browser, appUrl, teacher, { localSettings: PREVIEW })
      context = signedIn.context
      const page = signedIn.page
      await seed(page, plan())
      for (const warm of [false, true]) {
        const samples: number[] = []
        for (let i = 0; i < RUNS; i++) samples.push(await measure(page, warm, options.profile))
        const label = warm ? 'chunk preloaded' : 'chunk loaded on the click'
        record({
          name: `timetable first render, ${CLASS_COUNT} classes, 4× CPU (${label}) p50`,
          value: round(percentile(samples, 50)),
          unit: 'ms',
          budget: null,
          pass: null,
          detail: { samples: samples.map(round) },
        })
        record({
          name: `timetable first render, ${CLASS_COUNT} classes, 4× CPU (${label}) max`,
          value: round(Math.max(...samples)),
          unit: 'ms',
          budget: null,
          pass: null,
        })
      }
    } catch (error) {
      fail('timetable first render', error)
    } finally {
      await context?.close()
    }
  },
}

export default suite
