/**
 * Ülésrend (issue 8): a teacher with a group in a classroom of their own (both created over the API) opens the
 * group's seating from Csoportok, seats one student by a touch drag (long press, then drag: dnd-kit's touch sensor,
 * driven through CDP touch events) and one with the keyboard; after a reload both still sit there, and the server
 * has them. axe finds no serious or critical violation on the open dialog. A second teacher cuts the network, makes
 * two moves (the second drops a student on the first one's desk), reloads offline and finds them; when the network
 * returns, the server has the final seating and each move's POST arrived once.
 */
import type { Locator, Page } from '@playwright/test'
import {
  goOffline,
  goOnline,
  login,
  openApp,
  openScreen,
  waitForCachedApi,
  waitForServiceWorkerControl,
  waitForShell,
} from '../app'
import { expect, test } from '../fixtures'
import { axeProblems } from '../axe'
import { apiSession, type Api } from '../api'

// Touch events reach the page only with touch support on (dnd-kit's touch sensor listens to them).
test.use({ hasTouch: true })

interface Seating {
  classroomId: string
  groupId: string
  groupName: string
}

/**
 * A 4 × 3 classroom: the teacher's desk at the front (0-0), four student desks in the second row (0-1 … 3-1), and
 * a group of diak01 … diak04 in it.
 */
async function classroomWithGroup(api: Api, runId: string): Promise<Seating> {
  const classroom = await api<{ classroomId: string }>('POST', '/classrooms', {
    name: `U${runId}`,
    layout: {
      size: [4, 3],
      objects: [{ x: 0, y: 0, type: 'teacher' }, ...[0, 1, 2, 3].map((x) => ({ x, y: 1, type: 'student' }))],
    },
  })
  expect(classroom.status, 'POST /classrooms').toBe(201)
  const groupName = `Ültetés ${runId}`
  const group = await api<{ groupId: string }>('POST', '/groups/create', {
    groupName,
    groupDay: 3,
    students: ['diak01', 'diak02', 'diak03', 'diak04'],
    classroom: classroom.data.classroomId,
    startTime: '10:00',
    endTime: '10:45',
  })
  expect(group.status, 'POST /groups/create').toBe(201)
  return { classroomId: classroom.data.classroomId, groupId: group.data.groupId, groupName }
}

async function positionsOnServer(api: Api, seating: Seating) {
  const answer = await api<{ positions: { student: string; position: string }[] }>(
    'GET',
    `/classrooms/${seating.classroomId}/groups/${seating.groupId}/seating`,
  )
  expect(answer.status).toBe(200)
  return [...answer.data.positions].sort((a, b) => a.position.localeCompare(b.position))
}

/** Opens Csoportok, expands the group and opens its 'Ülésrend'; returns the dialog. */
async function openSeating(page: Page, groupName: string): Promise<Locator> {
  await openScreen(page, 'Csoportok', 'Csoportok')
  const header = page.getByRole('heading', { name: groupName }).getByRole('button')
  await expect(header).toBeVisible({ timeout: 20_000 })
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click()
  const card = page.getByRole('listitem').filter({ has: header })
  await card.getByRole('button', { name: 'Ülésrend', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Ülésrend – ${groupName}` })
  await expect(dialog.getByRole('grid', { name: 'Terem ülésrendje' })).toBeVisible({ timeout: 20_000 })
  return dialog
}

/** The desk in the second row, column `column` (1-based, as its name says). */
function desk(dialog: Locator, column: number): Locator {
  return dialog.getByRole('gridcell', { name: new RegExp(`^Asztal, 2\\. sor, ${column}\\. oszlop`) })
}

function unplaced(dialog: Locator): Locator {
  return dialog.getByRole('region', { name: /^Nincs leültetve/ })
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
  // The gesture itself: the touch sensor starts a drag after a 150 ms press (a shorter one scrolls or taps).
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

test('a teacher seats one student by touch drag and one by keyboard; both are there after a reload', async ({
  page,
  account,
  serverUrl,
  runId,
}) => {
  const teacher = account('groupsTeacher')
  const api = await apiSession(serverUrl, teacher)
  const seating = await classroomWithGroup(api, runId)

  await openApp(page)
  await login(page, teacher)
  let dialog = await openSeating(page, seating.groupName)
  await expect(unplaced(dialog).getByRole('heading')).toHaveText('Nincs leültetve (4)')
  await expect(dialog.getByRole('gridcell', { name: 'Tanári asztal' })).toBeVisible()

  // Touch: Kovács Ádám (diak01) onto the second desk.
  await touchDrag(page, unplaced(dialog).getByRole('button', { name: 'Kovács Ádám' }), desk(dialog, 2))
  await expect(desk(dialog, 2)).toHaveAccessibleName(/: Kovács Ádám/)
  await expect(page.getByText('Ülésrend sikeresen mentve.').first()).toBeVisible()

  // Keyboard: Szabó Éva (diak02) is picked with Enter; the first free desk takes the focus; Enter seats her.
  await unplaced(dialog).getByRole('button', { name: 'Szabó Éva' }).focus()
  await page.keyboard.press('Enter')
  await expect(desk(dialog, 1)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(desk(dialog, 1)).toHaveAccessibleName(/: Szabó Éva/)
  await expect(unplaced(dialog).getByRole('heading')).toHaveText('Nincs leültetve (2)')
  await expect
    .poll(() => positionsOnServer(api, seating), { message: 'the server has both seats' })
    .toEqual([
      { student: 'diak02', position: '0-1' },
      { student: 'diak01', position: '1-1' },
    ])

  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  dialog = await openSeating(page, seating.groupName)
  await expect(desk(dialog, 1)).toHaveAccessibleName('Asztal, 2. sor, 1. oszlop: Szabó Éva')
  await expect(desk(dialog, 2)).toHaveAccessibleName('Asztal, 2. sor, 2. oszlop: Kovács Ádám')
  await expect(unplaced(dialog).getByRole('heading')).toHaveText('Nincs leültetve (2)')

  expect(await axeProblems(page, 'the open seating dialog')).toEqual([])
})

test('seating moves made offline survive a reload and reach the server once, the last one winning', async ({
  page,
  context,
  net,
  account,
  serverUrl,
  runId,
}) => {
  const teacher = account('seatingOffline')
  const api = await apiSession(serverUrl, teacher)
  const seating = await classroomWithGroup(api, runId)
  const answered: { status: number; key: string }[] = []
  page.on('response', (response) => {
    const request = response.request()
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/seating'))
      answered.push({ status: response.status(), key: request.headers()['idempotency-key'] ?? '' })
  })

  await openApp(page)
  await waitForServiceWorkerControl(page)
  await login(page, teacher)
  await waitForServiceWorkerControl(page)
  let dialog = await openSeating(page, seating.groupName)
  await waitForCachedApi(page, /^\/api\/groups\/instructor\/?$/)
  await waitForCachedApi(page, /\/seating$/)
  await waitForCachedApi(page, /^\/api\/dashboard\/?$/)

  await goOffline(net, context)
  // Move 1: Kovács Ádám to the first desk (a tap on him, a tap on the desk).
  await unplaced(dialog).getByRole('button', { name: 'Kovács Ádám' }).click()
  await desk(dialog, 1).click()
  await expect(desk(dialog, 1)).toHaveAccessibleName(/: Kovács Ádám, elküldésre vár$/)
  await expect(page.getByText('Nincs hálózat – a módosítás elküldésre vár.').first()).toBeVisible()
  // Move 2: Szabó Éva onto the same desk, by keyboard: he goes back to the list.
  await unplaced(dialog).getByRole('button', { name: 'Szabó Éva' }).focus()
  await page.keyboard.press('Enter')
  await desk(dialog, 1).focus()
  await page.keyboard.press('Enter')
  await expect(desk(dialog, 1)).toHaveAccessibleName(/: Szabó Éva, elküldésre vár$/)
  await expect(unplaced(dialog).getByRole('button', { name: 'Kovács Ádám' })).toBeVisible()

  // Offline reload: both moves are still shown, from the outbox in IndexedDB.
  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await expect(page.getByRole('button', { name: '2 módosítás elküldésre vár' })).toBeVisible()
  dialog = await openSeating(page, seating.groupName)
  await expect(desk(dialog, 1)).toHaveAccessibleName(/: Szabó Éva, elküldésre vár$/)
  await expect(unplaced(dialog).getByRole('heading')).toHaveText('Nincs leültetve (3)')
  expect(await positionsOnServer(api, seating), 'nothing reached the server while offline').toEqual([])

  await goOnline(net, context)
  await expect(page.getByRole('button', { name: /módosítás elküldésre vár$/ })).toHaveCount(0, {
    timeout: 30_000,
  })
  await expect(desk(dialog, 1)).toHaveAccessibleName('Asztal, 2. sor, 1. oszlop: Szabó Éva')
  expect(await positionsOnServer(api, seating)).toEqual([{ student: 'diak02', position: '0-1' }])
  const accepted = answered.filter((answer) => answer.status === 200)
  expect(accepted, 'each move was answered once').toHaveLength(2)
  expect(new Set(accepted.map((answer) => answer.key)).size).toBe(2)
})
