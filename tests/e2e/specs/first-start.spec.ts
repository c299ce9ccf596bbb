/**
 * The first start (issue 11): a server on an empty DATA_DIR prints the first administrator's one-time password. That
 * administrator signs in with it, gets only 'Saját jelszó beállítása' (the API refuses the rest), sets an own password,
 * reaches Felhasználók, and the printed password no longer works. Its own server: the shared one is never empty.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PASSWORD_MESSAGES } from '@contract/password-rule'
import { removeDir, snapshotDist, startServer, tempDir, type ServerHandle } from '../../support/server'
import { apiFromPage, logoutEntry, openScreen, passwordField, usernameField, waitForShell } from '../app'
import { axeProblems } from '../axe'
import { expect, test } from '../fixtures'

const OWN = 'Tavaszi-szel-a-Tisza-partjan-58'

let scratch = ''
let server: ServerHandle | null = null

test.beforeAll(async () => {
  scratch = tempDir('portal-first-start-')
  const dataDir = join(scratch, 'data')
  mkdirSync(dataDir)
  server = await startServer({ dataDir, staticDir: snapshotDist(scratch) })
})

test.afterAll(async () => {
  await server?.stop()
  removeDir(scratch)
})

test('the printed administrator signs in, must set a password first, then runs the school', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const printed = server!.adminPassword()
  expect(printed, server!.output()).toBeTruthy()

  await page.goto(server!.url, { waitUntil: 'domcontentloaded' })
  await usernameField(page).fill('admin')
  await passwordField(page).fill(printed!)
  await passwordField(page).press('Enter')
  await expect(page.getByRole('heading', { name: 'Saját jelszó beállítása' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(logoutEntry(page)).toHaveCount(0)
  const refused = await apiFromPage<{ reason: string }>(page, 'GET', '/users')
  expect(refused.status).toBe(403)
  expect(refused.data).toMatchObject({ reason: 'passwordChangeRequired' })

  const form = page.getByRole('form', { name: 'Saját jelszó beállítása' })
  await form.getByLabel('Új jelszó', { exact: true }).fill(OWN)
  await form.getByLabel('Új jelszó még egyszer', { exact: true }).fill(OWN)
  await form.getByRole('button', { name: 'Jelszó beállítása' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: PASSWORD_MESSAGES.changedOthersEnded }),
  ).toBeVisible()
  await waitForShell(page)
  await openScreen(page, 'Felhasználók', 'Felhasználók')
  await expect(page.getByText('admin', { exact: true }).first()).toBeVisible()
  expect(await axeProblems(page, 'Felhasználók on a fresh server')).toEqual([])

  // The printed password is spent: only the own one signs in now.
  const login = (password: string) =>
    fetch(`${server!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    })
  expect((await login(printed!)).status).toBe(401)
  expect((await login(OWN)).status).toBe(200)
})
