/**
 * Kezdőlap (issue 8): a teacher with a group on today's weekday (created over the API, in a classroom of their own)
 * opens the app and lands on Kezdőlap: the greeting counts the group, the group shows its room and students, and
 * the 'Következő óra' card names it. An announcement an administrator posted is dismissed, stays hidden after a
 * reload (closedAlerts), while another one still shows; with the network cut, a reload shows the cached group and
 * announcement with the offline marker, the dismissed one still hidden. axe finds no serious or critical violation
 * on the screen, in the light and the dark theme.
 */
import { join } from 'node:path'
import { USERS } from '../accounts'
import {
  expectTheme,
  goOffline,
  goOnline,
  login,
  offlineMarker,
  openApp,
  setThemeViaApi,
  waitForCachedApi,
  waitForServiceWorkerControl,
  waitForShell,
} from '../app'
import { expect, test } from '../fixtures'
import { axeProblems } from '../axe'
import { apiSession } from '../api'

/** Today's weekday in the school's time zone, as the spec numbers it (Monday = 1 … Sunday = 7). */
function todaysWeekday(): number {
  const short = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Budapest', weekday: 'short' }).format(
    new Date(),
  )
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short) + 1
}

test("Kezdőlap shows today's group with its room and students; a dismissed announcement stays hidden after a reload", async ({
  page,
  context,
  net,
  account,
  serverUrl,
  runId,
}, testInfo) => {
  test.setTimeout(120_000)
  const teacher = account('dashboardTeacher')

  // An administrator posts two announcements.
  const admin = await apiSession(serverUrl, USERS.announcer)
  const dismissed = `Holnap tűzriadó-gyakorlat lesz (${runId}).`
  const kept = `A tanári értekezlet 14 órakor kezdődik (${runId}).`
  for (const message of [dismissed, kept]) {
    const posted = await admin('POST', '/alerts', { message })
    expect(posted.status, `POST /alerts ${message}`).toBe(201)
  }

  // The teacher's classroom and a group meeting today.
  const api = await apiSession(serverUrl, teacher)
  const room = `K${runId}`
  const classroom = await api<{ classroomId: string }>('POST', '/classrooms', {
    name: room,
    layout: {
      size: [4, 3],
      objects: [
        { x: 0, y: 0, type: 'teacher' },
        { x: 1, y: 1, type: 'student' },
        { x: 2, y: 1, type: 'student' },
        { x: 3, y: 1, type: 'student' },
      ],
    },
  })
  expect(classroom.status, 'POST /classrooms').toBe(201)
  const groupName = `Mai csoport ${runId}`
  const group = await api('POST', '/groups/create', {
    groupName,
    groupDay: todaysWeekday(),
    students: ['diak01', 'diak02', 'diak03'],
    classroom: classroom.data.classroomId,
    // All day long, so 'Következő óra' shows it (as 'Most:') whenever the test runs.
    startTime: '00:00',
    endTime: '23:45',
  })
  expect(group.status, 'POST /groups/create').toBe(201)

  // Kezdőlap is the teacher's first screen.
  await openApp(page)
  await waitForServiceWorkerControl(page)
  await login(page, teacher)
  await waitForServiceWorkerControl(page)
  await expect(page.getByRole('heading', { level: 1, name: `Szia, ${teacher.name}!` })).toBeVisible()
  await expect(page.getByText('Ma 1 csoportod van.')).toBeVisible()
  const card = page.getByRole('article', { name: groupName })
  await expect(card).toBeVisible()
  await expect(card.getByText(`${room}. terem`)).toBeVisible()
  for (const name of ['Kovács Ádám', 'Szabó Éva', 'Tóth Bálint'])
    await expect(card.getByText(name, { exact: true })).toBeVisible()
  const next = page.getByRole('region', { name: 'Következő óra' })
  await expect(next.getByText(groupName)).toBeVisible()
  await expect(next.getByText(`${room}. terem`)).toBeVisible()

  // Dismiss one announcement; after a reload it stays hidden, the other one still shows.
  const announcements = page.getByRole('region', { name: 'Értesítések' })
  const dismissedAlert = announcements.getByRole('listitem').filter({ hasText: dismissed })
  await expect(dismissedAlert).toBeVisible()
  await dismissedAlert.getByRole('button', { name: 'Értesítés bezárása' }).click()
  await expect(page.getByText(dismissed)).toHaveCount(0)
  await expect(page.getByText(kept)).toBeVisible()
  const closed = await page.evaluate(
    () => JSON.parse(localStorage.getItem('closedAlerts') ?? '[]') as string[],
  )
  expect(closed).toHaveLength(1)

  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await expect(page.getByRole('article', { name: groupName })).toBeVisible()
  await expect(page.getByText(kept)).toBeVisible()
  await expect(page.getByText(dismissed)).toHaveCount(0)

  // In a dead zone: the cached groups and announcements show with the offline marker, the dismissed one stays hidden.
  await waitForCachedApi(page, /^\/api\/groups\/instructor\/?$/)
  await waitForCachedApi(page, /^\/api\/alerts\/?$/)
  await waitForCachedApi(page, /^\/api\/dashboard\/?$/)
  await goOffline(net, context)
  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await expect(page.getByRole('article', { name: groupName })).toBeVisible()
  await expect(offlineMarker(page)).toBeVisible()
  await expect(page.getByText(kept)).toBeVisible()
  await expect(page.getByText(dismissed)).toHaveCount(0)
  await goOnline(net, context)
  await expect(offlineMarker(page)).toBeHidden({ timeout: 20_000 })

  // Accessibility, light and dark; a screenshot of each.
  const problems: string[] = []
  for (const theme of ['light', 'dark'] as const) {
    await setThemeViaApi(page, theme)
    await page.reload({ waitUntil: 'domcontentloaded' })
    await waitForShell(page)
    await expectTheme(page, theme)
    await expect(page.getByRole('article', { name: groupName })).toBeVisible()
    await expect(page.getByText(kept)).toBeVisible()
    // The pointer rests where the last click was: off the controls, so axe reads no hover colour; and the buttons'
    // colours settle (Chakra's buttons transition them) before axe reads them.
    await page.mouse.move(0, 0)
    // The group meets all day, so 'Jelenlét' leads (solid) and 'Megtartva' steps back (outline); both settle together.
    const register = page.getByRole('button', { name: `Jelenlét: ${groupName}` })
    await expect(register).toHaveCSS('color', 'rgb(255, 255, 255)')
    await expect(page.getByRole('button', { name: `Megtartva: ${groupName}` })).toBeVisible()
    problems.push(...(await axeProblems(page, `Kezdőlap (${theme})`)))
    // For a look at the screen: E2E_SCREENSHOT_DIR keeps them outside test-results/, which the next run empties.
    const dir = process.env.E2E_SCREENSHOT_DIR
    await page.screenshot({
      path: dir ? join(dir, `kezdolap-${theme}.png`) : testInfo.outputPath(`kezdolap-${theme}.png`),
      fullPage: true,
    })
  }
  await setThemeViaApi(page, 'light')
  expect(problems, 'serious/critical axe violations').toEqual([])
})
