/**
 * One's own password (issue 11): an account made one-time (`npm run users -- passwd --one-time`, global-setup) signs
 * in and gets only 'Saját jelszó beállítása' — the API refuses the rest — sets a password (a common one is refused
 * first), and the app opens. It then changes the password in Beállítások › Profil, and the same user's session in a
 * second browser is sent back to the login screen at its next request. axe on both new screens.
 */
import type { Page } from '@playwright/test'
import { PASSWORD_MESSAGES } from '@contract/password-rule'
import {
  apiFromPage,
  login,
  loginHeading,
  logoutEntry,
  openApp,
  openSettings,
  openSettingsCategory,
  passwordField,
  usernameField,
  waitForShell,
} from '../app'
import { axeProblems } from '../axe'
import { expect, test } from '../fixtures'

const FIRST = 'Nyari-zapor-a-Balaton-felett-17'
const SECOND = 'Oszi-kod-ul-a-hegyek-kozott-42'

async function fillPasswordForm(page: Page, scope: string, values: Record<string, string>) {
  const form = page.getByRole('form', { name: scope })
  for (const [label, value] of Object.entries(values))
    await form.getByLabel(label, { exact: true }).fill(value)
  return form
}

test('a one-time password must be replaced at the first sign-in; a later change ends the other session', async ({
  page,
  account,
  newContext,
}) => {
  test.setTimeout(180_000)
  const teacher = account('ownPassword')

  await openApp(page)
  await usernameField(page).fill(teacher.username)
  await passwordField(page).fill(teacher.password)
  await passwordField(page).press('Enter')
  await expect(page.getByRole('heading', { name: 'Saját jelszó beállítása' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(logoutEntry(page)).toHaveCount(0)
  expect(await axeProblems(page, 'first sign-in password screen')).toEqual([])

  // Calling the API directly does not get round it.
  const refused = await apiFromPage<{ message: string; reason: string }>(page, 'GET', '/dashboard')
  expect(refused.status).toBe(403)
  expect(refused.data).toMatchObject({
    message: PASSWORD_MESSAGES.changeRequired,
    reason: 'passwordChangeRequired',
  })

  let form = await fillPasswordForm(page, 'Saját jelszó beállítása', {
    'Új jelszó': 'password1',
    'Új jelszó még egyszer': 'password1',
  })
  await form.getByRole('button', { name: 'Jelszó beállítása' }).click()
  await expect(page.getByRole('alert')).toHaveText(PASSWORD_MESSAGES.tooWeak)

  await fillPasswordForm(page, 'Saját jelszó beállítása', {
    'Új jelszó': FIRST,
    'Új jelszó még egyszer': FIRST,
  })
  await form.getByRole('button', { name: 'Jelszó beállítása' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: PASSWORD_MESSAGES.changedOthersEnded }),
  ).toBeVisible()
  await waitForShell(page)

  // The same teacher on a second device, with the new password.
  const second = await (await newContext()).newPage()
  await login(second, { ...teacher, password: FIRST })

  await openSettings(page)
  await openSettingsCategory(page, 'Profil')
  form = page.getByRole('form', { name: 'Jelszó módosítása' })
  await expect(form).toBeVisible()
  expect(await axeProblems(page, 'Beállítások › Profil with Jelszó módosítása')).toEqual([])
  await fillPasswordForm(page, 'Jelszó módosítása', {
    'Jelenlegi jelszó': 'nem-ez-volt',
    'Új jelszó': SECOND,
    'Új jelszó még egyszer': SECOND,
  })
  await form.getByRole('button', { name: 'Jelszó módosítása' }).click()
  await expect(form.getByText(PASSWORD_MESSAGES.currentWrong)).toBeVisible()
  await form.getByLabel('Jelenlegi jelszó', { exact: true }).fill(FIRST)
  await form.getByRole('button', { name: 'Jelszó módosítása' }).click()
  await expect(page.getByText(PASSWORD_MESSAGES.changedOthersEnded)).toBeVisible()
  await expect(form.getByLabel('Jelenlegi jelszó', { exact: true })).toHaveValue('')

  // This page keeps working; the other device's next request finds its session gone and shows the login screen.
  expect((await apiFromPage(page, 'GET', '/dashboard')).status).toBe(200)
  await openSettings(second)
  await openSettingsCategory(second, 'Profil')
  await fillPasswordForm(second, 'Jelszó módosítása', {
    'Jelenlegi jelszó': FIRST,
    'Új jelszó': `${SECOND}-x`,
    'Új jelszó még egyszer': `${SECOND}-x`,
  })
  await second
    .getByRole('form', { name: 'Jelszó módosítása' })
    .getByRole('button', { name: 'Jelszó módosítása' })
    .click()
  await expect(loginHeading(second)).toBeVisible({ timeout: 30_000 })

  // The new password signs in and opens the app at once.
  await login(await (await newContext()).newPage(), { ...teacher, password: SECOND })
})
