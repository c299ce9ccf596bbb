/**
 * Tantermek (issue 8): a teacher creates a classroom in the UI (the designer opens on it), places a student desk and
 * the teacher's desk by click, one more student desk by keyboard and moves it with M + Enter, drags a desk by touch
 * (a long press, then a drag: CDP touch events, as a finger on a tablet) and one with the mouse. Every change goes
 * through the outbox; after a reload the designer shows the same layout, and the server has it (read back over the
 * API). axe finds no serious or critical violation on Tantermek and in the open designer, in the light and the dark
 * theme; screenshots of both are attached. A second test makes two designer changes with the network cut, reloads
 * offline and finds them (and the outbox badge); once the network returns each PUT reaches the server once and the
 * server has both.
 */
import type { Locator, Page, TestInfo } from '@playwright/test'
import type { Account } from '../accounts'
import {
  expectTheme,
  goOffline,
  goOnline,
  login,
  openApp,
  openScreen,
  setThemeViaApi,
  waitForCachedApi,
  waitForServiceWorkerControl,
  waitForShell,
} from '../app'
import { expect, test } from '../fixtures'
import { axeProblems } from '../axe'
import { apiGet, apiSession } from '../api'

// Touch events reach the page only with touch support on (dnd-kit's touch sensor listens to them).
test.use({ hasTouch: true })

interface LayoutObject {
  x: number
  y: number
  type: 'student' | 'teacher'
}
interface Classroom {
  _id: string
  name: string
  layout: { size: [number, number]; objects: LayoutObject[] }
}

/** The teacher's classrooms as the server has them, read over the API with a session of their own. */
async function classroomsOnServer(serverUrl: string, account: Account): Promise<Classroom[]> {
  const api = await apiSession(serverUrl, account)
  return (await apiGet<{ classrooms: Classroom[] }>(api, '/classrooms')).classrooms
}

/** Creates a classroom over the API; returns its id. */
async function classroomOnServer(serverUrl: string, account: Account, name: string, size: [number, number]) {
  const api = await apiSession(serverUrl, account)
  const answer = await api<{ classroomId: string }>('POST', '/classrooms', {
    name,
    layout: { size, objects: [] },
  })
  expect(answer.status, 'POST /classrooms').toBe(201)
  return answer.data.classroomId
}

const sorted = (objects: LayoutObject[]) => [...objects].sort((a, b) => a.y - b.y || a.x - b.x)

function designer(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Terem szerkesztése' })
}

/** A cell of the designer grid by its name: '2. sor, 3. oszlop: üres'. */
function cell(page: Page, name: string): Locator {
  return designer(page).getByRole('gridcell', { name, exact: true })
}

/** A finger's long press on `from`, then a drag to `to` and a lift, as CDP touch events. */
async function touchDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox()
  const b = await to.boundingBox()
  if (!a || !b) throw new Error('the drag source or target is not on the screen')
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 }
  const end = { x: b.x + b.width / 2, y: b.y + b.height / 2 }
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] })
  // The gesture itself: the touch sensor starts a drag after a 150 ms press (a shorter one is a tap).
  await page.waitForTimeout(400)
  const steps = 12
  for (let i = 1; i <= steps; i++) {
    const point = {
      x: start.x + ((end.x - start.x) * i) / steps,
      y: start.y + ((end.y - start.y) * i) / steps,
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

/** A mouse drag from `from` to `to` in small steps (the pointer sensor starts after 6 px). */
async function mouseDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox()
  const b = await to.boundingBox()
  if (!a || !b) throw new Error('the drag source or target is not on the screen')
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 })
  await page.mouse.up()
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({ path, fullPage: true })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

test('a teacher designs a classroom by click, keyboard and touch; the layout is there after a reload and on the server', async ({
  page,
  account,
  serverUrl,
  runId,
}, testInfo) => {
  test.setTimeout(180_000)
  const teacher = account('classroomDesigner')
  const name = `Tervezett terem ${runId}`

  await openApp(page)
  await login(page, teacher)
  await openScreen(page, 'Tantermek', 'Tantermek')

  // Create: 6 columns × 4 rows; the designer opens on the new, empty room.
  await page.getByRole('button', { name: 'Új terem' }).click()
  const create = page.getByRole('dialog', { name: 'Új terem' })
  await create.getByLabel('Terem neve').fill(name)
  await create.getByLabel('Oszlopok').fill('6')
  await create.getByLabel('Sorok').fill('4')
  await create.getByRole('button', { name: 'Létrehozás' }).click()
  await expect(designer(page).getByRole('grid', { name: `${name} elrendezése` })).toBeVisible()
  await expect(designer(page).getByRole('gridcell')).toHaveCount(24)

  // Click: no tool at first; 'Diák asztal' selected, a student desk, then the teacher's desk.
  await expect(designer(page).getByRole('button', { name: 'Diák asztal' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await designer(page).getByRole('button', { name: 'Diák asztal' }).click()
  await cell(page, '2. sor, 2. oszlop: üres').click()
  await expect(cell(page, '2. sor, 2. oszlop: diák asztal')).toBeVisible()
  await designer(page).getByRole('button', { name: 'Tanári asztal' }).click()
  await cell(page, '1. sor, 3. oszlop: üres').click()
  await expect(cell(page, '1. sor, 3. oszlop: tanári asztal')).toBeVisible()

  // Keyboard: back to the student tool; from the teacher's desk one row down, Enter places a desk, M + ↓ + Enter
  // moves it one more row down.
  await designer(page).getByRole('button', { name: 'Diák asztal' }).click()
  await cell(page, '1. sor, 3. oszlop: tanári asztal').focus()
  await page.keyboard.press('ArrowDown')
  await expect(cell(page, '2. sor, 3. oszlop: üres')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(cell(page, '2. sor, 3. oszlop: diák asztal')).toBeFocused()
  await page.keyboard.press('m')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(cell(page, '3. sor, 3. oszlop: diák asztal')).toBeFocused()
  await expect(cell(page, '2. sor, 3. oszlop: üres')).toBeVisible()

  // Touch: the first student desk is dragged to the last row's fifth cell.
  await touchDrag(page, cell(page, '2. sor, 2. oszlop: diák asztal'), cell(page, '4. sor, 5. oszlop: üres'))
  await expect(cell(page, '4. sor, 5. oszlop: diák asztal')).toBeVisible()
  await expect(cell(page, '2. sor, 2. oszlop: üres')).toBeVisible()

  // Mouse: the teacher's desk is dragged to the first row's last cell.
  await mouseDrag(page, cell(page, '1. sor, 3. oszlop: tanári asztal'), cell(page, '1. sor, 6. oszlop: üres'))
  await expect(cell(page, '1. sor, 6. oszlop: tanári asztal')).toBeVisible()
  await expect(cell(page, '1. sor, 3. oszlop: üres')).toBeVisible()
  await expect(designer(page).getByText('Minden módosítás mentve')).toBeVisible({ timeout: 20_000 })

  const expected = sorted([
    { x: 5, y: 0, type: 'teacher' },
    { x: 2, y: 2, type: 'student' },
    { x: 4, y: 3, type: 'student' },
  ])
  await expect
    .poll(
      async () => {
        const room = (await classroomsOnServer(serverUrl, teacher)).find((c) => c.name === name)
        return room && { size: room.layout.size, objects: sorted(room.layout.objects) }
      },
      { message: 'the server has the layout', timeout: 20_000 },
    )
    .toEqual({ size: [6, 4], objects: expected })

  // After a reload the card and the designer show the same layout.
  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await openScreen(page, 'Tantermek', 'Tantermek')
  const card = page.getByRole('article', { name })
  await expect(card.getByRole('img')).toHaveAccessibleName(
    'Elrendezés: 6 × 4, 2 diák asztal, 1 tanári asztal',
  )
  await card.getByRole('button', { name: 'Szerkesztés' }).click()
  await expect(cell(page, '1. sor, 6. oszlop: tanári asztal')).toBeVisible()
  await expect(cell(page, '3. sor, 3. oszlop: diák asztal')).toBeVisible()
  await expect(cell(page, '4. sor, 5. oszlop: diák asztal')).toBeVisible()
  await expect(designer(page).getByRole('gridcell', { name: /: (diák|tanári) asztal$/ })).toHaveCount(3)

  // Accessibility and screenshots: the open designer and the list, light then dark.
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      await setThemeViaApi(page, 'dark')
      await page.reload({ waitUntil: 'domcontentloaded' })
      await waitForShell(page)
      await expectTheme(page, 'dark')
      await openScreen(page, 'Tantermek', 'Tantermek')
      await page.getByRole('article', { name }).getByRole('button', { name: 'Szerkesztés' }).click()
    }
    await expect(designer(page).getByRole('grid')).toBeVisible()
    expect(await axeProblems(page, `the open designer (${theme})`)).toEqual([])
    await screenshot(page, testInfo, `classrooms-designer-${theme}`)
    await designer(page).getByRole('button', { name: 'Kész' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('article', { name })).toBeVisible()
    expect(await axeProblems(page, `Tantermek (${theme})`)).toEqual([])
    await screenshot(page, testInfo, `classrooms-${theme}`)
  }
})

test('designer changes made offline survive a reload and reach the server once each, in order', async ({
  page,
  context,
  net,
  account,
  serverUrl,
  runId,
}) => {
  test.setTimeout(150_000)
  const teacher = account('classroomDesigner')
  const name = `Offline terem ${runId}`
  const id = await classroomOnServer(serverUrl, teacher, name, [4, 3])
  const puts: { status: number; key: string }[] = []
  page.on('response', (response) => {
    const request = response.request()
    if (request.method() === 'PUT' && new URL(request.url()).pathname === `/api/classrooms/${id}`)
      puts.push({ status: response.status(), key: request.headers()['idempotency-key'] ?? '' })
  })
  const badge = page.getByRole('button', { name: /módosítás elküldésre vár$/ })

  await openApp(page)
  await waitForServiceWorkerControl(page)
  await login(page, teacher)
  await waitForServiceWorkerControl(page)
  await openScreen(page, 'Tantermek', 'Tantermek')
  await expect(page.getByRole('article', { name })).toBeVisible()
  await waitForCachedApi(page, /^\/api\/classrooms\/?$/)
  await waitForCachedApi(page, /^\/api\/dashboard\/?$/)

  await goOffline(net, context)
  await page.getByRole('article', { name }).getByRole('button', { name: 'Szerkesztés' }).click()
  // No tool at first (issue 18): 'Diák asztal', then a desk.
  await designer(page).getByRole('button', { name: 'Diák asztal' }).click()
  await cell(page, '1. sor, 1. oszlop: üres').click()
  await designer(page).getByRole('button', { name: 'Tanári asztal' }).click()
  await cell(page, '2. sor, 4. oszlop: üres').click()
  await expect(designer(page).getByText('Mentésre vár')).toBeVisible()
  await designer(page).getByRole('button', { name: 'Kész' }).click()
  await expect(badge).toHaveAccessibleName('2 módosítás elküldésre vár')

  // Offline reload: the queue and the layout come back from IndexedDB and the service worker's cache.
  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await openScreen(page, 'Tantermek', 'Tantermek')
  const card = page.getByRole('article', { name })
  await expect(card.getByRole('img')).toHaveAccessibleName(
    'Elrendezés: 4 × 3, 1 diák asztal, 1 tanári asztal',
  )
  await expect(card.getByText('Mentésre vár')).toBeVisible()
  expect((await classroomsOnServer(serverUrl, teacher)).find((c) => c._id === id)?.layout.objects).toEqual([])

  await goOnline(net, context)
  await expect(badge).toHaveCount(0, { timeout: 30_000 })
  await expect(card.getByText('Mentésre vár')).toHaveCount(0)
  const room = (await classroomsOnServer(serverUrl, teacher)).find((c) => c._id === id)
  expect(room && sorted(room.layout.objects)).toEqual([
    { x: 0, y: 0, type: 'student' },
    { x: 3, y: 1, type: 'teacher' },
  ])
  const accepted = puts.filter((put) => put.status === 200)
  expect(accepted, 'each queued change reached the server once').toHaveLength(2)
  expect(new Set(accepted.map((put) => put.key)).size).toBe(2)
})
