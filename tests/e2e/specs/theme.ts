/**
 * (c) Theme switch: 'Sötét' in the appearance settings, the debounced save completes, and after a reload the
 * document is still dark. Then back to 'Világos', which also survives a reload.
 */
import type { Page } from 'playwright-core'
import { isDark, login, openApp, openSettings, openSettingsCategory, setThemeViaApi, until, waitForApi, waitForShell } from '../app'
import { assert, type Spec } from '../harness'

async function chooseTheme(page: Page, label: 'Sötét' | 'Világos'): Promise<void> {
  await openSettingsCategory(page, 'Megjelenés')
  const saved = waitForApi(page, 'POST', /^\/dashboard\/userSettings$/)
  const select = page.getByLabel('Téma', { exact: true })
  await select.waitFor({ state: 'visible' })
  const tag = await select.evaluate((el) => el.tagName)
  if (tag === 'SELECT') {
    await select.selectOption({ label })
  } else {
    await select.click()
    await page.getByRole('option', { name: label, exact: true }).click()
  }
  const response = await saved
  assert(response.ok(), `POST /api/dashboard/userSettings answered ${response.status()}`)
  const body = response.request().postDataJSON() as { userSettings?: Record<string, unknown> }
  const value = label === 'Sötét' ? 'dark' : 'light'
  assert(body.userSettings?.['lookAndFeel:theme'] === value, `saved ${JSON.stringify(body)}, expected theme ${value}`)
}

const spec: Spec = {
  name: 'theme',
  async run(ctx) {
    const { page, users } = ctx
    await openApp(page, ctx)
    await login(page, ctx, users.themer)
    // A retry may start dark: begin from the light default.
    if (await isDark(page)) {
      await setThemeViaApi(page, 'light')
      await page.reload()
      await waitForShell(page)
    }
    assert(!(await isDark(page)), 'the default theme is light')

    await openSettings(page)
    await chooseTheme(page, 'Sötét')
    await until('the dark theme to apply', async () => isDark(page))
    await page.reload()
    await waitForShell(page)
    await until('the dark theme after a reload', async () => isDark(page), 10_000)

    await openSettings(page)
    await chooseTheme(page, 'Világos')
    await until('the light theme to apply', async () => !(await isDark(page)))
    await page.reload()
    await waitForShell(page)
    await until('the light theme after a reload', async () => !(await isDark(page)), 10_000)
  },
}
export default spec
