/**
 * Accessibility: axe-core finds no serious or critical violation on the login screen, Diákok, Beállítások and the
 * student home, in the light and the dark theme.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
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

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[]; html?: string; failureSummary?: string }[]
}

/** Runs axe on the current page; evaluate() bypasses the page's CSP, a <script> tag would not. */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    type Axe = { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> }
    const axe = (window as unknown as { axe: Axe }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => ({
          target: n.target,
          html: `${n.html?.slice(0, 200)} “${(document.querySelector(n.target[0]) as HTMLElement | null)?.innerText?.trim().slice(0, 80) ?? ''}”`,
          failureSummary: n.failureSummary,
        })),
      }))
  })
}

test('no serious or critical axe violation on login, Diákok, Beállítások and the student home, light and dark', async ({
  page,
  account,
}) => {
  test.setTimeout(150_000)
  const problems: string[] = []
  const check = async (where: string) => {
    // Let running transitions settle so colour-contrast reads final colours.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))))
    for (const v of await axeViolations(page)) {
      const nodes = v.nodes.map(
        (n) =>
          `      ${n.html ?? n.target.join(' ')}\n        ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`,
      )
      problems.push(`${where}: [${v.impact}] ${v.id} — ${v.help}\n${nodes.join('\n')}`)
    }
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
