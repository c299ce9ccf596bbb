/**
 * Jelenlét (issue 20) on a 10-inch touch tablet (820 × 1180): a teacher with a seated group opens its seating,
 * switches to 'Jelenlét', takes the register with finger taps and 'Mindenki jelen'; the server has it, and the
 * month's jelenléti ív downloaded from the group card says the same, and so does its print view (A4 landscape); axe
 * finds no serious or critical violation. A second teacher takes a register with the network cut, reloads offline
 * and finds it waiting; when the network returns, the server has the final register and each tap's PUT arrived once.
 * On Kezdőlap during the class, 'Jelenlét' opens the group's register for today at once, and closing it comes back.
 * An administrator's 'Összes csoport' lists another teacher's group with its teacher; in its register the
 * administrator writes a pupil's note with 'Megjegyzés' and clears it again, and the server has each.
 */
import type { Locator, Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import * as XLSX from 'xlsx'
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

test.use({ hasTouch: true })

const DESKTOP = { width: 1280, height: 720 }
const TABLET = { width: 820, height: 1180 }

/** Csoportok opened from the sidebar at the desktop size (its entries), then the tablet's size. */
async function groupsOnTablet(page: Page): Promise<void> {
  await page.setViewportSize(DESKTOP)
  await openScreen(page, 'Csoportok', 'Csoportok')
  await page.setViewportSize(TABLET)
}

interface Register {
  classroomId: string
  groupId: string
  groupName: string
}

/**
 * A 4 × 3 classroom: the teacher's desk at the front (0-0), four student desks in the second row; diak01 … diak03
 * seated on the first three, diak04 (Nagy Zsófia) without a desk.
 */
async function seatedGroup(
  api: Api,
  runId: string,
  when: { groupDay: number; startTime: string; endTime: string } = {
    groupDay: 2,
    startTime: '08:00',
    endTime: '09:30',
  },
): Promise<Register> {
  const classroom = await api<{ classroomId: string }>('POST', '/classrooms', {
    name: `J${runId}`,
    layout: {
      size: [4, 3],
      objects: [{ x: 0, y: 0, type: 'teacher' }, ...[0, 1, 2, 3].map((x) => ({ x, y: 1, type: 'student' }))],
    },
  })
  expect(classroom.status, 'POST /classrooms').toBe(201)
  const groupName = `Jelenlét ${runId}`
  const group = await api<{ groupId: string }>('POST', '/groups/create', {
    groupName,
    students: ['diak01', 'diak02', 'diak03', 'diak04'],
    classroom: classroom.data.classroomId,
    ...when,
  })
  expect(group.status, 'POST /groups/create').toBe(201)
  const { classroomId } = classroom.data
  const { groupId } = group.data
  const seated = await api('POST', `/classrooms/${classroomId}/groups/${groupId}/seating`, {
    positions: [
      { student: 'diak01', position: '0-1' },
      { student: 'diak02', position: '1-1' },
      { student: 'diak03', position: '2-1' },
    ],
  })
  expect(seated.status, 'POST seating').toBe(200)
  return { classroomId, groupId, groupName }
}

interface Watched {
  /** The days the page asked the register of (GET …/attendance?date=: the school's today). */
  days: string[]
  /** Each register PUT the server answered, with its status and Idempotency-Key. */
  answered: { day: string; status: number; key: string }[]
}

function watchRegister(page: Page): Watched {
  const days: string[] = []
  const answered: Watched['answered'] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.method() === 'GET' && url.pathname.endsWith('/attendance'))
      days.push(url.searchParams.get('date') ?? '')
  })
  page.on('response', (response) => {
    const request = response.request()
    const day = /\/attendance\/([0-9-]+)$/.exec(new URL(request.url()).pathname)?.[1]
    if (request.method() === 'PUT' && day)
      answered.push({ day, status: response.status(), key: request.headers()['idempotency-key'] ?? '' })
  })
  return { days, answered }
}

async function registerOnServer(api: Api, register: Register, day: string) {
  const answer = await api<{ entries: { student: string; status: string }[] }>(
    'GET',
    `/groups/${register.groupId}/attendance?date=${day}`,
  )
  expect(answer.status).toBe(200)
  return [...answer.data.entries].sort((a, b) => a.student.localeCompare(b.student))
}

function groupCard(page: Page, groupName: string): Locator {
  const header = page.getByRole('heading', { name: groupName }).getByRole('button')
  return page.getByRole('listitem').filter({ has: header })
}

/** On Csoportok, expands the group, opens 'Ülésrend' and switches to 'Jelenlét'; returns the dialog. */
async function openRegister(page: Page, groupName: string): Promise<Locator> {
  const header = page.getByRole('heading', { name: groupName }).getByRole('button')
  await expect(header).toBeVisible({ timeout: 20_000 })
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.tap()
  await groupCard(page, groupName).getByRole('button', { name: 'Ülésrend', exact: true }).tap()
  await page
    .getByRole('dialog', { name: `Ülésrend – ${groupName}` })
    .getByRole('button', { name: 'Jelenlét' })
    .tap()
  const dialog = page.getByRole('dialog', { name: `Jelenlét – ${groupName}` })
  await expect(dialog.getByRole('grid', { name: 'Jelenlét a teremben' })).toBeVisible({ timeout: 20_000 })
  return dialog
}

function pupil(dialog: Locator, name: string): Locator {
  return dialog.getByRole('gridcell', { name: new RegExp(`^${name}:`) })
}

test('a teacher takes the register by tapping desks; the server and the month’s sheet have it', async ({
  page,
  account,
  serverUrl,
  runId,
}) => {
  const teacher = account('attendanceTeacher')
  const api = await apiSession(serverUrl, teacher)
  const register = await seatedGroup(api, runId)
  const watched = watchRegister(page)

  await openApp(page)
  await login(page, teacher)
  await groupsOnTablet(page)
  const dialog = await openRegister(page, register.groupName)
  const day = watched.days[0]!
  await expect(pupil(dialog, 'Kovács Ádám')).toHaveAccessibleName('Kovács Ádám: nincs jelölve')
  await expect(dialog.getByRole('button', { name: 'Nagy Zsófia: nincs jelölve' })).toBeVisible()
  await expect(
    dialog.getByText('Jelen: 0 · Hiányzik: 0 · Késett: 0 · Igazolt: 0 · Nincs jelölve: 4'),
  ).toBeVisible()

  // Touch targets: every desk and the unseated pupil's button take a finger (≥ 44 px).
  for (const target of [
    pupil(dialog, 'Kovács Ádám'),
    dialog.getByRole('button', { name: /^Nagy Zsófia:/ }),
  ]) {
    const box = await target.boundingBox()
    expect(box && Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
  }

  await pupil(dialog, 'Szabó Éva').tap()
  await pupil(dialog, 'Szabó Éva').tap()
  await expect(pupil(dialog, 'Szabó Éva')).toHaveAccessibleName(/^Szabó Éva: hiányzik/)
  await pupil(dialog, 'Tóth Bálint').tap()
  await pupil(dialog, 'Tóth Bálint').tap()
  await pupil(dialog, 'Tóth Bálint').tap()
  await expect(pupil(dialog, 'Tóth Bálint')).toHaveAccessibleName(/^Tóth Bálint: késett/)
  await dialog.getByRole('button', { name: 'Mindenki jelen' }).tap()
  await expect(
    dialog.getByText('Jelen: 2 · Hiányzik: 1 · Késett: 1 · Igazolt: 0 · Nincs jelölve: 0'),
  ).toBeVisible()
  await expect(page.getByText('Jelenlét sikeresen mentve.').first()).toBeVisible()
  await expect
    .poll(() => registerOnServer(api, register, day), { message: 'the server has the register' })
    .toEqual([
      { student: 'diak01', status: 'present' },
      { student: 'diak02', status: 'absent' },
      { student: 'diak03', status: 'late' },
      { student: 'diak04', status: 'present' },
    ])

  await page.screenshot({ path: '/tmp/attendance-shots/register-tablet-light.png' })
  expect(await axeProblems(page, 'the register in the seating dialog')).toEqual([])

  // The month's jelenléti ív from the group card: the day's column holds each pupil's letter.
  await dialog.getByRole('button', { name: 'Bezárás' }).first().tap()
  await expect(dialog).toBeHidden()
  const download = page.waitForEvent('download')
  await groupCard(page, register.groupName).getByRole('button', { name: 'Jelenléti ív', exact: true }).tap()
  const file = await (await download).path()
  const book = XLSX.read(await readFile(file), { cellDates: true })
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
    header: 1,
    raw: false,
  })
  const letters = Object.fromEntries(
    rows
      .filter((row) => typeof row[1] === 'string' && /^diak0[1-4]$/.test(row[1]))
      .map((row) => [row[1], row.slice(2).filter((cell) => /^[JHKI]$/.test(String(cell)))]),
  )
  expect(letters).toEqual({ diak01: ['J'], diak02: ['H'], diak03: ['K'], diak04: ['J'] })

  // The same month's sheet printed for signing: the print view holds the same letters, on A4 landscape.
  await page.screenshot({ path: '/tmp/attendance-shots/group-card-tablet.png' })
  await page.evaluate(() => {
    window.print = () => {}
  })
  await groupCard(page, register.groupName).getByRole('button', { name: 'Jelenléti ív nyomtatása' }).tap()
  const printed = page.locator('[data-attendance-print]')
  await page.emulateMedia({ media: 'print' })
  await expect(printed.getByRole('heading', { name: 'Jelenléti ív' })).toBeVisible()
  const printedRows = await printed
    .getByRole('row')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent ?? '')))
  const printedLetters = Object.fromEntries(
    printedRows
      .filter((row) => /^diak0[1-4]$/.test(row[1] ?? ''))
      .map((row) => [row[1], row.slice(2).filter((cell) => /^[JHKI]$/.test(cell))]),
  )
  expect(printedLetters).toEqual(letters)
  await page.screenshot({ path: '/tmp/attendance-shots/print-view.png' })
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1')
  const [width, height] = (/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf) ?? []).slice(1).map(Number)
  expect([Math.round(width!), Math.round(height!)], 'A4 landscape in points').toEqual([842, 595])
  await page.emulateMedia({ media: 'screen' })
})

test('a register taken offline survives a reload and reaches the server once', async ({
  page,
  context,
  net,
  account,
  serverUrl,
  runId,
}) => {
  const teacher = account('attendanceOffline')
  const api = await apiSession(serverUrl, teacher)
  const register = await seatedGroup(api, runId)
  const { days, answered } = watchRegister(page)

  await openApp(page)
  await waitForServiceWorkerControl(page)
  await login(page, teacher)
  await waitForServiceWorkerControl(page)
  await groupsOnTablet(page)
  let dialog = await openRegister(page, register.groupName)
  const day = days[0]!
  await waitForCachedApi(page, /^\/api\/groups\/instructor\/?$/)
  await waitForCachedApi(page, /\/seating$/)
  await waitForCachedApi(page, /\/attendance$/)
  await waitForCachedApi(page, /^\/api\/dashboard\/?$/)

  await goOffline(net, context)
  await pupil(dialog, 'Kovács Ádám').tap()
  await pupil(dialog, 'Szabó Éva').tap()
  await pupil(dialog, 'Szabó Éva').tap()
  await expect(pupil(dialog, 'Szabó Éva')).toHaveAccessibleName('Szabó Éva: hiányzik, elküldésre vár')
  await expect(page.getByText('Nincs hálózat – a jelenlét elküldésre vár.').first()).toBeVisible()

  await page.reload({ waitUntil: 'domcontentloaded' })
  await page.setViewportSize(DESKTOP)
  await waitForShell(page)
  await expect(page.getByRole('button', { name: /módosítás elküldésre vár$/ })).toBeVisible()
  await groupsOnTablet(page)
  dialog = await openRegister(page, register.groupName)
  await expect(pupil(dialog, 'Kovács Ádám')).toHaveAccessibleName('Kovács Ádám: jelen, elküldésre vár')
  await expect(pupil(dialog, 'Szabó Éva')).toHaveAccessibleName('Szabó Éva: hiányzik, elküldésre vár')
  expect(await registerOnServer(api, register, day), 'nothing reached the server while offline').toEqual([])

  await goOnline(net, context)
  await expect(page.getByRole('button', { name: /módosítás elküldésre vár$/ })).toHaveCount(0, {
    timeout: 30_000,
  })
  await expect(pupil(dialog, 'Szabó Éva')).toHaveAccessibleName('Szabó Éva: hiányzik')
  expect(await registerOnServer(api, register, day)).toEqual([
    { student: 'diak01', status: 'present' },
    { student: 'diak02', status: 'absent' },
  ])
  const accepted = answered.filter((answer) => answer.status === 200)
  expect(accepted, 'each tap was answered once').toHaveLength(3)
  expect(accepted.every((answer) => answer.day === day)).toBe(true)
  expect(new Set(accepted.map((answer) => answer.key)).size).toBe(3)
})

/** The school's today (Europe/Budapest) at `time`, as an instant, and its weekday (Monday = 1 … Sunday = 7). */
function schoolTodayAt(time: string): { at: Date; weekday: number } {
  const zone = 'Europe/Budapest'
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
    })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  )
  const [hours, minutes] = time.split(':').map(Number)
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), hours, minutes)
  // The zone's offset at that moment: what the wall clock there reads for the UTC instant, minus the instant.
  const wall = new Date(new Date(asUtc).toLocaleString('en-US', { timeZone: zone }) + ' UTC').getTime()
  return {
    at: new Date(asUtc - (wall - asUtc)),
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1,
  }
}

test("Kezdőlap's 'Jelenlét' during the class opens today's register at once; closing it comes back", async ({
  page,
  account,
  serverUrl,
  runId,
}) => {
  const teacher = account('attendanceNow')
  const api = await apiSession(serverUrl, teacher)
  // The page's clock reads 10:00 of the school's today, in the group's 9:45–10:30 class (a real day: the server
  // refuses a register of a day to come).
  const { at, weekday } = schoolTodayAt('10:00')
  // 'Most:' names one group: a retry's (or --repeat-each's) earlier group in the same slot would take its place.
  const earlier = await api<{ groups?: { id: string }[] }>('GET', '/groups/instructor') // 404: none yet
  for (const { id } of earlier.data.groups ?? []) {
    expect((await api('DELETE', `/groups/${id}`)).status, 'DELETE an earlier group').toBe(200)
  }
  const register = await seatedGroup(api, runId, { groupDay: weekday, startTime: '09:45', endTime: '10:30' })
  await page.clock.setFixedTime(at)
  const watched = watchRegister(page)

  await openApp(page)
  await login(page, teacher)
  await page.setViewportSize(TABLET)
  const card = page.getByRole('region', { name: 'Következő óra' })
  await expect(card.getByText('Most:')).toBeVisible({ timeout: 20_000 })
  await expect(card.getByText(register.groupName)).toBeVisible()
  const open = card.getByRole('button', { name: `Jelenlét: ${register.groupName}` })
  const box = await open.boundingBox()
  expect(box && Math.min(box.width, box.height), 'a finger-sized button').toBeGreaterThanOrEqual(44)
  await page.screenshot({ path: '/tmp/attendance-shots/dashboard-now-tablet.png' })
  await open.tap()

  const dialog = page.getByRole('dialog', { name: `Jelenlét – ${register.groupName}` })
  await expect(dialog.getByRole('grid', { name: 'Jelenlét a teremben' })).toBeVisible({ timeout: 20_000 })
  await pupil(dialog, 'Kovács Ádám').tap()
  await expect(pupil(dialog, 'Kovács Ádám')).toHaveAccessibleName(/^Kovács Ádám: jelen/)
  const day = watched.days[0]!
  await expect
    .poll(() => registerOnServer(api, register, day), { message: 'the server has the register' })
    .toEqual([{ student: 'diak01', status: 'present' }])
  expect(await axeProblems(page, "the register opened from Kezdőlap's 'Jelenlét'")).toEqual([])

  await dialog.getByRole('button', { name: 'Bezárás' }).first().tap()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('region', { name: 'Következő óra' })).toBeVisible()
})

test("an administrator's 'Összes csoport' opens another teacher's register; 'Megjegyzés' sets and clears a note", async ({
  page,
  account,
  serverUrl,
  runId,
}) => {
  const lead = await apiSession(serverUrl, account('attendanceLead'))
  const register = await seatedGroup(lead, runId)
  const admin = account('attendanceAdmin')
  const api = await apiSession(serverUrl, admin)
  const watched = watchRegister(page)

  await openApp(page)
  await login(page, admin)
  await groupsOnTablet(page)
  // The administrator's own groups first (none): the other teacher's group is not listed until the switch.
  const every = page.getByRole('checkbox', { name: 'Összes csoport' })
  await expect(every).toBeAttached({ timeout: 20_000 })
  await expect(page.getByRole('heading', { name: register.groupName })).toHaveCount(0)
  await page.getByText('Összes csoport', { exact: true }).tap()
  await expect(every).toBeChecked()
  await expect(page.getByRole('list', { name: 'Összes csoport' })).toBeVisible({ timeout: 20_000 })
  await expect(groupCard(page, register.groupName)).toContainText('Vezető Vilma')

  const dialog = await openRegister(page, register.groupName)
  const day = watched.days[0]!
  await pupil(dialog, 'Kovács Ádám').tap()
  await expect(pupil(dialog, 'Kovács Ádám')).toHaveAccessibleName(/^Kovács Ádám: jelen/)

  await dialog.getByRole('button', { name: 'Megjegyzés' }).tap()
  const note = page.getByRole('dialog', { name: 'Megjegyzés' })
  await expect(note.getByLabel('Tanuló')).toHaveValue('diak01')
  await note.getByRole('textbox').fill('orvosi igazolás a 2. órától')
  await page.screenshot({ path: '/tmp/attendance-shots/note-dialog-tablet.png' })
  await note.getByRole('button', { name: 'Mentés' }).tap()
  await expect(note).toBeHidden()
  await expect
    .poll(() => registerOnServer(api, register, day), { message: 'the server has the note' })
    .toEqual([{ student: 'diak01', status: 'present', note: 'orvosi igazolás a 2. órától' }])
  expect(await axeProblems(page, "another teacher's register, opened from 'Összes csoport'")).toEqual([])

  // Opened again, the dialog shows the saved note; 'Megjegyzés törlése' clears it and keeps the status.
  await dialog.getByRole('button', { name: 'Megjegyzés' }).tap()
  await expect(note.getByRole('textbox')).toHaveValue('orvosi igazolás a 2. órától')
  await note.getByRole('button', { name: 'Megjegyzés törlése' }).tap()
  await expect(note).toBeHidden()
  await expect
    .poll(() => registerOnServer(api, register, day), { message: 'the server has the note cleared' })
    .toEqual([{ student: 'diak01', status: 'present' }])
})
