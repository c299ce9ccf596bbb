/**
 * The issue-8 screens and the seating editor: what opening each screen costs beyond the signed-in shell (gzip),
 * dnd-kit kept out of the login page, and a drop on a desk → the updated grid at 4× CPU (DESIGN §7: p95 ≤ 100 ms).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { login, mainMenu, signedInPage } from '../app'
import { gz, KB, runtimeFirstLoad, staticFirstLoad } from '../first-load'
import type { BenchSuite, ServerContext } from '../suite'

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
    startTime: '08:00',
    endTime: '08:45',
  })
  return { groupName, desks: objects.length - 1 }
}

/**
 * A drop on a desk, to the updated grid, at 4× CPU: the keyboard path (a student picked with Enter, the focus on the
 * first free desk, Enter seats them — the same move as a drag's drop). Measured in the page, from the seating
 * Enter's keydown to the DOM change that shows the student on the desk ('commit') and to the next frame ('frame').
 * Each drop waits for its save to leave the outbox before the next, as a teacher seating a class would.
 */
async function seatingDropLatency(
  browser: Browser,
  baseUrl: string,
  groupName: string,
  teacher: ServerContext['teacher'],
) {
  const { context, page } = await signedInPage(browser, baseUrl, teacher)
  try {
    await mainMenu(page).getByRole('button', { name: 'Csoportok', exact: true }).click()
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

const suite: BenchSuite = {
  group: 'seating',
  files({ record, dist }) {
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
  },
  async run({ record, fail, percentile, round, browser, appUrl, serverUrl, teacher, dist }) {
    try {
      // What the login page really loads (its runtime imports too) must not hold dnd-kit either.
      const runtime = await runtimeFirstLoad(browser, appUrl, dist)
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
      const session = await login(serverUrl, teacher.username, teacher.password)
      if (!session.token) throw new Error(`teacher login answered ${session.status}`)
      const fixture = await seatingFixture(serverUrl, session.token)
      const result = await seatingDropLatency(browser, appUrl, fixture.groupName, teacher)
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
  },
}

export default suite
