/**
 * A revoked account sees nothing after a reload (issue 17 §3). A teacher loads Kezdőlap and Diákok (cached by the
 * service worker); a reload with the network cut still shows the cached Kezdőlap (a dead zone); an administrator
 * disables the account; the teacher reloads online and ends on the login screen with 'Nem vagy bejelentkezve.' —
 * no pupil's or teacher's name ever in the DOM during it, none in Cache Storage after it.
 * And the writes of a session that ends so: queued offline, parked at the 401, never offered to another account on
 * the device, offered to the same account at its next sign-in, sent once.
 */
import type { Page } from '@playwright/test'
import type { Account } from '../accounts'
import { FIRST_STUDENT, STUDENTS } from '../accounts'
import { apiGet, apiSession, type Api } from '../api'
import {
  cachedApiEntries,
  goOffline,
  goOnline,
  indexedDbDump,
  login,
  logout,
  openApp,
  openScreen,
  openStudents,
  passwordField,
  studentRow,
  usernameField,
  waitForCachedApi,
  waitForServiceWorkerControl,
  waitForShell,
} from '../app'
import { expect, test } from '../fixtures'

const SEEN_KEY = 'e2e-names-seen'

/**
 * From the next page load on, records in sessionStorage any of `names` that the document ever shows, however briefly
 * (a MutationObserver from the first parsed node): a flash of cached data would be caught.
 */
async function watchForNames(page: Page, names: string[]): Promise<void> {
  await page.addInitScript(
    ({ names, key }) => {
      const check = () => {
        const text = document.documentElement?.textContent ?? ''
        for (const name of names)
          if (text.includes(name)) sessionStorage.setItem(key, `${sessionStorage.getItem(key) ?? ''}${name};`)
      }
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true })
    },
    { names, key: SEEN_KEY },
  )
}

async function setDisabled(api: Api, account: Account, disabled: boolean): Promise<void> {
  const { users } = await apiGet<{ users: { id: string; username: string }[] }>(api, '/users')
  const user = users.find((u) => u.username === account.username)
  expect(user, `${account.username} in Felhasználók`).toBeTruthy()
  const { status } = await api('PUT', `/users/${user!.id}/status`, { disabled })
  expect(status, `${disabled ? 'disabling' : 'enabling'} ${account.username}`).toBe(200)
}

function greeting(page: Page, account: Account) {
  return page.getByRole('heading', { level: 1, name: `Szia, ${account.name}!` })
}

async function waitForOutboxKey(page: Page, account: Account): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('outbox_key') ?? ''), {
      message: `the outbox key of ${account.username} kept for the session`,
    })
    .toContain(`"username":"${account.username}"`)
}

test('a revoked account reloads onto the login screen with nothing of the school; offline the cache still serves', async ({
  page,
  context,
  net,
  account,
  serverUrl,
}) => {
  test.setTimeout(120_000)
  const teacher = account('revokedTeacher')
  const names = [FIRST_STUDENT.name, STUDENTS[5].name, teacher.name]

  await openApp(page)
  await waitForServiceWorkerControl(page)
  await login(page, teacher)
  await expect(greeting(page, teacher)).toBeVisible()
  await openStudents(page)
  await expect(studentRow(page, FIRST_STUDENT.name)).toBeVisible()
  await waitForCachedApi(page, /^\/api\/students\/?$/)
  await waitForCachedApi(page, /^\/api\/dashboard\/?$/)

  // A dead zone, the session still valid: the cached Kezdőlap.
  await goOffline(net, context)
  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await expect(greeting(page, teacher)).toBeVisible()
  await goOnline(net, context)
  await waitForShell(page)

  const admin = await apiSession(serverUrl, account('revokingAdmin'))
  await setDisabled(admin, teacher, true)

  await watchForNames(page, names)
  // Every API answer the page gets from now on (the worker's included): none may carry the school's data.
  const answers: Promise<string>[] = []
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname
    if (!path.startsWith('/api/')) return
    answers.push(
      response.text().then(
        (body) =>
          `${response.status()} ${path} ${names.filter((name) => body.includes(name)).join(', ')}`.trim(),
        () => `${response.status()} ${path}`,
      ),
    )
  })
  await page.reload({ waitUntil: 'domcontentloaded' })
  // The prerendered login form shows before the app has asked anything: wait for the reload's dashboard answer.
  const dashboardAnswers = async () =>
    (await Promise.all(answers)).filter((answer) => /^\d+ \/api\/dashboard\/?( |$)/.test(answer))
  await expect
    .poll(dashboardAnswers, { message: 'the dashboard answers of the reload', timeout: 30_000 })
    .toEqual([expect.stringMatching(/^401 /)])
  await expect(usernameField(page)).toBeVisible({ timeout: 30_000 })
  const seen = await Promise.all(answers)
  expect(
    seen.filter((answer) => /^\d+ \S+ ./.test(answer)),
    'API answers carrying the school’s data after the account was disabled',
  ).toEqual([])
  await expect(page.getByText('Nem vagy bejelentkezve.', { exact: true }).first()).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('token')), 'the token after the 401').toBeNull()
  for (const name of names) await expect(page.getByText(name)).toHaveCount(0)
  expect(
    await page.evaluate((key) => sessionStorage.getItem(key), SEEN_KEY),
    'names the document showed during the reload',
  ).toBeNull()
  const cached = (await cachedApiEntries(page)).filter((entry) =>
    names.some((name) => entry.body.includes(name)),
  )
  expect(
    cached.map((entry) => `${entry.cache} ${entry.url}`),
    'the school’s data in Cache Storage',
  ).toEqual([])
})

test('writes queued offline by a session that was revoked: offered to the same account only, sent once', async ({
  page,
  context,
  net,
  account,
  serverUrl,
}) => {
  test.setTimeout(150_000)
  const writer = account('parkedWriter')
  const other = account('parkedOther')
  const admin = await apiSession(serverUrl, account('revokingAdmin'))
  const day = `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest', year: 'numeric', month: '2-digit' }).format(new Date())}-03`

  await openApp(page)
  await waitForServiceWorkerControl(page)
  await login(page, writer)
  await waitForOutboxKey(page, writer)
  await openScreen(page, 'Munkaórák', 'Munkaórák')
  await expect(page.getByRole('table')).toBeVisible()
  await waitForCachedApi(page, /^\/api\/work\/hours\/?$/)

  await goOffline(net, context)
  const form = page.getByRole('form', { name: 'Munkaidő rögzítése' })
  await form.getByLabel('Dátum').fill(day)
  await form.getByLabel('Óraszám').fill('3')
  await form.getByRole('button', { name: 'Rögzítés' }).click()
  await expect(page.getByRole('button', { name: '1 módosítás elküldésre vár' })).toBeVisible()

  // The session ends while the tablet is offline; the first answer after the network returns is a 401.
  await setDisabled(admin, writer, true)
  await goOnline(net, context)
  await expect(usernameField(page)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Nem vagy bejelentkezve.', { exact: true }).first()).toBeVisible()
  const writerApi = async () => apiSession(serverUrl, writer)
  await setDisabled(admin, writer, false)
  expect(
    (await apiGet<{ workHours: Record<string, number> }>(await writerApi(), '/work/hours')).workHours,
  ).toEqual({})

  // Another teacher on the same tablet: no offer, and the parked write is not readable in the browser's storage.
  await login(page, other)
  await waitForOutboxKey(page, other)
  await openStudents(page)
  await expect(studentRow(page, FIRST_STUDENT.name)).toBeVisible()
  await expect(page.getByRole('alertdialog', { name: 'Elküldetlen módosítások' })).toHaveCount(0)
  const stored = await indexedDbDump(page)
  expect(stored, 'the parked bundle is there').toContain(writer.username)
  expect(stored, 'the parked write, readable by the next user').not.toContain(day)
  await logout(page)

  // The same account signs in again on the tablet: the offer, 'Küldés', the write arrives once. (Not `login`: it
  // waits for the menu, which the offer's modal hides from the accessibility tree.)
  await usernameField(page).fill(writer.username)
  await passwordField(page).fill(writer.password)
  await passwordField(page).press('Enter')
  const offer = page.getByRole('alertdialog', { name: 'Elküldetlen módosítások' })
  await expect(offer).toContainText('1 elküldetlen módosítás vár: elküldöd?')
  await offer.getByRole('button', { name: 'Küldés' }).click()
  await expect(offer).toHaveCount(0)
  await expect(page.getByRole('button', { name: /módosítás elküldésre vár$/ })).toHaveCount(0, {
    timeout: 30_000,
  })
  await expect
    .poll(
      async () =>
        (await apiGet<{ workHours: Record<string, number> }>(await writerApi(), '/work/hours')).workHours,
    )
    .toEqual({ [day]: 3 })
  expect(await indexedDbDump(page), 'nothing parked is left').not.toContain(`"username":"${writer.username}"`)
})
