/** The outbox after a spell offline: 50 queued work-hours writes, from `online` to an empty outbox. */
import type { Browser } from 'playwright-core'
import type { NetCut } from '../../support/netcut'
import { mainMenu, signedInPage } from '../app'
import type { BenchSuite, ServerContext } from '../suite'

const OUTBOX_WRITES = 50

/**
 * 50 work-hours writes queued offline through the Munkaórák form, then the network returns: the time from the
 * `online` event to an empty outbox (the badge gone), measured in the page. The server must then hold all 50.
 */
async function outboxFlush(
  browser: Browser,
  baseUrl: string,
  net: NetCut,
  teacher: ServerContext['teacher'],
) {
  const { context, page } = await signedInPage(browser, baseUrl, teacher, { serviceWorkers: 'allow' })
  try {
    await mainMenu(page).getByRole('button', { name: 'Munkaórák', exact: true }).click()
    await page.getByRole('table').waitFor({ timeout: 60_000 })
    net.cut()
    await context.setOffline(true)
    const form = page.getByRole('form', { name: 'Munkaidő rögzítése' })
    const start = new Date(Date.UTC(2025, 0, 1))
    for (let i = 0; i < OUTBOX_WRITES; i++) {
      const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10)
      await form.getByLabel('Dátum').fill(day)
      await form.getByLabel('Óraszám').fill(String(1 + (i % 16) / 2))
      // Enter submits: the toasts piling up at the top right may cover the button.
      await form.getByLabel('Óraszám').press('Enter')
      await page
        .getByRole('button', { name: `${i + 1} módosítás elküldésre vár` })
        .first()
        .waitFor({ timeout: 30_000 })
    }
    // A string, not a function: tsx would wrap a named helper in __name, which the page does not have.
    await page.evaluate(`(() => {
      window.addEventListener('online', () => { window.__onlineAt = performance.now() }, { once: true })
      new MutationObserver(() => {
        if (window.__onlineAt === undefined || window.__emptyAt !== undefined) return
        if (!document.querySelector('[aria-label$="módosítás elküldésre vár"]')) window.__emptyAt = performance.now()
      }).observe(document.body, { subtree: true, childList: true, attributes: true })
    })()`)
    net.restore()
    await context.setOffline(false)
    await page.waitForFunction(
      () => (window as unknown as { __emptyAt?: number }).__emptyAt !== undefined,
      null,
      { timeout: 120_000 },
    )
    const ms = await page.evaluate(() => {
      const w = window as unknown as { __onlineAt: number; __emptyAt: number }
      return w.__emptyAt - w.__onlineAt
    })
    const token = await page.evaluate(() => localStorage.getItem('token'))
    const answer = await fetch(`${baseUrl}/api/work/hours`, { headers: { Authorization: token ?? '' } })
    const stored = Object.keys(
      ((await answer.json()) as { workHours: Record<string, number> }).workHours,
    ).length
    return { ms, stored }
  } finally {
    await context.close()
  }
}

const suite: BenchSuite = {
  group: 'outbox',
  async run({ record, fail, browser, appUrl, net, teacher }) {
    try {
      const o = await outboxFlush(browser, appUrl, net, teacher)
      record({
        name: `outbox: online → empty, ${OUTBOX_WRITES} queued writes`,
        value: o.ms,
        unit: 'ms',
        budget: `reported; all ${OUTBOX_WRITES} stored`,
        pass: o.stored >= OUTBOX_WRITES ? null : false,
        detail: o,
      })
    } catch (error) {
      fail('outbox flush', error)
    }
  },
}

export default suite
