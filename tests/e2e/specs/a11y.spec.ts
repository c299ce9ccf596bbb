/**
 * Accessibility: axe-core finds no serious or critical violation on the login screen, Diákok, Beállítások and the
 * student home, in the light and the dark theme.
 */
import {
  expectTheme,
  login,
  logout,
  openApp,
  openSettings,
  openStudents,
  setThemeViaApi,
  studentHome,
  studentRow,
  usernameField,
  waitForShell,
} from '../app'
import { FIRST_STUDENT } from '../accounts'
import { expect, test } from '../fixtures'
import { axeProblems } from '../axe'

test('no serious or critical axe violation on login, Diákok, Beállítások and the student home, light and dark', async ({
  page,
  account,
}) => {
  test.setTimeout(150_000)
  const problems: string[] = []
  const check = async (where: string) => {
    problems.push(...(await axeProblems(page, where)))
  }
  const setTheme = async (theme: 'light' | 'dark') => {
    await setThemeViaApi(page, theme)
    await page.reload()
    await waitForShell(page)
    await expectTheme(page, theme)
  }

  await openApp(page)
  await expect(usernameField(page)).toBeVisible()
  await check('login (light)')
  await page.emulateMedia({ colorScheme: 'dark' })
  await check('login (system dark)')
  await page.emulateMedia({ colorScheme: 'light' })

  await login(page, account('a11yTeacher'))
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(theme)
    await openStudents(page)
    await expect(studentRow(page, FIRST_STUDENT.name)).toBeVisible()
    await check(`Diákok (${theme})`)
    await openSettings(page)
    await check(`Beállítások (${theme})`)
  }
  await setThemeViaApi(page, 'light')
  await logout(page)

  await login(page, account('a11yStudent'))
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(theme)
    await expect(studentHome(page)).toBeVisible()
    await check(`student home (${theme})`)
  }
  await setThemeViaApi(page, 'light')
  expect(problems, 'serious/critical axe violations').toEqual([])
})
