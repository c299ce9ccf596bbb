/**
 * Screenshots of the seating dialog (not a figure): the built app and a fresh server, a teacher with a 12-student
 * group in an 8 × 6 classroom, half of it seated; light and dark theme at 1280 × 800 (a 10-inch tablet in
 * landscape) and 800 × 1280 (portrait). `node --import tsx tests/bench/seating-screenshots.ts OUT_DIR`
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium'
import { removeDir, snapshotDist, startServer, tempDir, usersCli } from '../support/server'
import { addAccount, apiToken } from './app'

const out = process.argv[2] ?? 'bench/tmp/seating'
const TEACHER = { username: 'kep.tanar', password: 'Kep-jelszo-2024', name: 'Képes Klára' }
const NAMES = [
  'Kovács Ádám',
  'Szabó Éva',
  'Tóth Bálint',
  'Nagy Zsófia',
  'Horváth Márk',
  'Varga Lőrinc',
  'Kiss Réka',
  'Molnár Ákos',
  'Németh Júlia',
  'Farkas Dávid',
  'Balogh Csenge',
  'Szilágyi Levente Bendegúz',
]

async function main() {
  mkdirSync(out, { recursive: true })
  const scratch = tempDir('portal-shots-')
  const dist = snapshotDist(scratch)
  const dataDir = join(scratch, 'data')
  mkdirSync(dataDir)
  const csv = join(scratch, 'students.csv')
  writeFileSync(
    csv,
    ['type,name,username,password', ...NAMES.map((n, i) => `student,${n},k${i},Diak-jelszo-1`)].join('\n') +
      '\n',
  )
  const server = await startServer({ dataDir, staticDir: dist, healthTimeoutMs: 120_000 })
  await server.stop()
  await usersCli(dataDir, ['import', csv], { PASSWORD_HASH_LOG_N: '4' })
  await addAccount(dataDir, 'teacher', TEACHER)
  const running = await startServer({ dataDir, staticDir: dist })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  })
  try {
    const Token = await apiToken(running.url, TEACHER)
    const api = async <T>(method: string, path: string, body?: unknown) => {
      const r = await fetch(`${running.url}/api${path}`, {
        method,
        headers: {
          Authorization: Token,
          'Content-Type': 'application/json',
          'Idempotency-Key': crypto.randomUUID(),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return (await r.json()) as T
    }
    const objects: { x: number; y: number; type: 'student' | 'teacher' }[] = [{ x: 3, y: 0, type: 'teacher' }]
    for (let y = 2; y < 6; y++) for (const x of [0, 1, 3, 4, 6, 7]) objects.push({ x, y, type: 'student' })
    const { classroomId } = await api<{ classroomId: string }>('POST', '/classrooms', {
      name: '12',
      layout: { size: [8, 6], objects },
    })
    const { groupId } = await api<{ groupId: string }>('POST', '/groups/create', {
      groupName: 'Webfejlesztés 9.A',
      groupDay: 2,
      students: NAMES.map((_, i) => `k${i}`),
      classroom: classroomId,
      startTime: '09:00',
      endTime: '09:45',
    })
    await api('POST', `/classrooms/${classroomId}/groups/${groupId}/seating`, {
      positions: NAMES.slice(0, 6).map((_, i) => ({
        student: `k${i}`,
        position: `${[0, 1, 3, 4, 6, 7][i]}-2`,
      })),
    })
    for (const theme of ['light', 'dark'] as const) {
      await api('POST', '/dashboard/userSettings', { userSettings: { 'lookAndFeel:theme': theme } })
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 800, height: 1280 },
      ]) {
        const context = await browser.newContext({
          viewport,
          serviceWorkers: 'block',
          locale: 'hu-HU',
          hasTouch: true,
        })
        const page = await context.newPage()
        await page.goto(`${running.url}/`)
        await page.getByLabel('Felhasználónév', { exact: true }).fill(TEACHER.username)
        await page.getByLabel('Jelszó', { exact: true }).fill(TEACHER.password)
        await page.getByLabel('Jelszó', { exact: true }).press('Enter')
        const nav = page.getByRole('navigation', { name: 'Főmenü' })
        const menu = page.getByRole('button', { name: 'Menü' })
        await nav.or(menu).first().waitFor({ timeout: 60_000 })
        if (!(await nav.getByRole('button', { name: 'Csoportok', exact: true }).isVisible()))
          await menu.click()
        await nav.getByRole('button', { name: 'Csoportok', exact: true }).click()
        const header = page.getByRole('heading', { name: 'Webfejlesztés 9.A' }).getByRole('button')
        await header.waitFor({ timeout: 30_000 })
        if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click()
        await page
          .getByRole('listitem')
          .filter({ has: header })
          .getByRole('button', { name: 'Ülésrend' })
          .click()
        const dialog = page.getByRole('dialog')
        await dialog.getByRole('grid').waitFor({ timeout: 30_000 })
        await page.evaluate(() =>
          Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))),
        )
        await page.screenshot({
          path: join(out, `seating-${theme}-${viewport.width}x${viewport.height}-open.png`),
        })
        // A student picked for the keyboard path, so the picked and target styles show too.
        await dialog.getByRole('button', { name: 'Kiss Réka' }).click()
        await page.evaluate(() =>
          Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))),
        )
        await page.screenshot({
          path: join(out, `seating-${theme}-${viewport.width}x${viewport.height}.png`),
        })
        await context.close()
      }
    }
    console.log(`screenshots in ${out}`)
  } finally {
    await browser.close()
    await running.stop()
    removeDir(scratch)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
