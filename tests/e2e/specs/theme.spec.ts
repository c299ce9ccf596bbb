/**
 * Theme switch: 'Sötét' in the appearance settings, the debounced save completes, and after a reload the document
 * is still dark. Then back to 'Világos', which also survives a reload.
 */
import type { Page } from '@playwright/test'
import { expectTheme, login, openSettings, openSettingsCategory, waitForApi, waitForShell } from '../app'
import { expect, test } from '../fixtures'

/** Chooses a theme in Megjelenés (a native <select> labelled 'Téma') and waits for the save. */
async function chooseTheme(page: Page, label: 'Sötét' | 'Világos'): Promise<void> {
  await openSettingsCategory(page, 'Megjelenés')
  const saved = waitForApi(page, 'POST', /^\/dashboard\/userSettings$/)
  await page.getByRole('combobox', { name: 'Téma', exact: true }).selectOption({ label })
  const response = await saved
  expect(response.ok(), `POST /api/dashboard/userSettings answered ${response.status()}`).toBe(true)
  const value = label === 'Sötét' ? 'dark' : 'light'
  expect(response.request().postDataJSON()).toMatchObject({ userSettings: { 'lookAndFeel:theme': value } })
}

test('the dark theme chosen in Beállítások › Megjelenés survives a reload, and so does the light one', async ({
  page,
  account,
}) => {
  // A retry signs in as an untouched twin: the theme starts at the light default on every try.
  await login(page, account('themer'))
  await expectTheme(page, 'light')

  await openSettings(page)
  await chooseTheme(page, 'Sötét')
  await expectTheme(page, 'dark')
  await page.reload()
  await waitForShell(page)
  await expectTheme(page, 'dark')

  await openSettings(page)
  await chooseTheme(page, 'Világos')
  await expectTheme(page, 'light')
  await page.reload()
  await waitForShell(page)
  await expectTheme(page, 'light')
})
