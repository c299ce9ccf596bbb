/**
 * (f) Accessibility: axe-core finds no serious or critical violation on the login screen, Diákok,
 * Beállítások and the student home, in the light and the dark theme.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { isDark, login, logout, openApp, openSettings, openStudents, setThemeViaApi, studentHome, studentRow, until, usernameField, waitForShell } from '../app'
import { FIRST_STUDENT } from '../accounts'
import { assert, type Spec } from '../harness'

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
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: `${n.html?.slice(0, 200)} “${(document.querySelector(n.target[0]) as HTMLElement | null)?.innerText?.trim().slice(0, 80) ?? ''}”`, failureSummary: n.failureSummary })),
      }))
  })
}

const spec: Spec = {
  name: 'a11y',
  timeout: 150,
  async run(ctx) {
    const { page, users } = ctx
    const problems: string[] = []
    const check = async (where: string) => {
      // Let running transitions settle so colour-contrast reads final colours.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))))
      const violations = await axeViolations(page)
      for (const v of violations) {
        problems.push(
          `${where}: [${v.impact}] ${v.id} — ${v.help}\n${v.nodes.map((n) => `      ${n.html ?? n.target.join(' ')}\n        ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`).join('\n')}`,
        )
      }
      ctx.log(`${where}: ${violations.length} serious/critical`)
    }
    const setTheme = async (theme: 'light' | 'dark') => {
      await setThemeViaApi(page, theme)
      await page.reload()
      await waitForShell(page)
      await until(`the ${theme} theme`, async () => (await isDark(page)) === (theme === 'dark'), 10_000)
    }

    await openApp(page, ctx)
    await usernameField(page).waitFor()
    await check('login (light)')
    await page.emulateMedia({ colorScheme: 'dark' })
    await check('login (system dark)')
    await page.emulateMedia({ colorScheme: 'light' })

    await login(page, ctx, users.a11yTeacher)
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(theme)
      await openStudents(page)
      await studentRow(page, FIRST_STUDENT.name).waitFor({ state: 'visible' })
      await check(`Diákok (${theme})`)
      await openSettings(page)
      await check(`Beállítások (${theme})`)
    }
    await setThemeViaApi(page, 'light')
    await logout(page)

    await login(page, ctx, users.a11yStudent)
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(theme)
      await studentHome(page).waitFor({ state: 'visible' })
      await check(`student home (${theme})`)
    }
    await setThemeViaApi(page, 'light')
    assert(problems.length === 0, `axe found serious/critical violations:\n  ${problems.join('\n  ')}`)
  },
}
export default spec
