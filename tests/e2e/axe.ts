/**
 * axe-core on the page as it is now: the one accessibility check every spec uses. It reads final colours only: the
 * pointer is moved off the controls (a hovered button is mid-transition) and every running animation (a dialog
 * fading in) is awaited first, so colour-contrast never reads a half-faded colour.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

interface AxeResult {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[]; html: string; failureSummary?: string }[]
}

/** Lets running transitions and animations end (a hover colour, a dialog's fade-in). */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))))
}

/**
 * The serious and critical axe violations of the page, one readable line per violation (prefixed with `where`),
 * so `expect(await axeProblems(page, 'Tantermek')).toEqual([])` prints what is wrong. evaluate() bypasses the
 * page's CSP, which a <script> tag would not.
 */
export async function axeProblems(page: Page, where: string): Promise<string[]> {
  await page.mouse.move(0, 0)
  await settleAnimations(page)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    type Axe = { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeResult[] }> }
    const result = await (window as unknown as { axe: Axe }).axe.run(document, {
      resultTypes: ['violations'],
    })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        ...v,
        nodes: v.nodes.slice(0, 5).map((n) => ({
          target: n.target,
          html: n.html.slice(0, 200),
          failureSummary: n.failureSummary,
        })),
      }))
  })
  return violations.map(
    (v) =>
      `${where}: [${v.impact}] ${v.id} — ${v.help}\n${v.nodes
        .map((n) => `      ${n.html}: ${(n.failureSummary ?? '').split('\n').slice(0, 2).join(' ').trim()}`)
        .join('\n')}`,
  )
}
