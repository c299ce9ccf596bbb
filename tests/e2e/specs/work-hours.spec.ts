/**
 * Munkaórák and the write outbox (issue 7): a teacher opens Munkaórák online; the network is cut; they record hours
 * for two days and reload the page offline — the entries and the badge survive; the network returns and both
 * entries reach the server once (read back over the API). A second test drops the connection after the server
 * has applied a write but before its answer arrives: the retry carries the same Idempotency-Key and the server
 * answers it without applying it again. Last, the XLSX export parses back to the shown month.
 */
import type { Page } from '@playwright/test'
import { read, utils } from 'xlsx'
import { readFileSync } from 'node:fs'
import type { Account } from '../accounts'
import {
  goOffline,
  goOnline,
  login,
  openApp,
  openScreen,
  waitForCachedApi,
  waitForServiceWorkerControl,
  waitForShell,
} from '../app'
import { CONTEXT_OPTIONS } from '../../support/chromium'
import { expect, test } from '../fixtures'
import { apiGet, apiSession } from '../api'

/** The current month in the school's time zone, and two of its days. */
function thisMonth(): { month: string; first: string; second: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Budapest',
    year: 'numeric',
    month: '2-digit',
  }).format(new Date())
  const month = parts.slice(0, 7)
  return { month, first: `${month}-01`, second: `${month}-02` }
}

async function record(page: Page, date: string, hours: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Munkaidő rögzítése' })
  await form.getByLabel('Dátum').fill(date)
  await form.getByLabel('Óraszám').fill(hours)
  await form.getByRole('button', { name: 'Rögzítés' }).click()
}

/** The teacher's hours as the server has them, read over the API with a session of their own. */
async function hoursOnServer(serverUrl: string, account: Account): Promise<Record<string, number>> {
  const api = await apiSession(serverUrl, account)
  return (await apiGet<{ workHours: Record<string, number> }>(api, '/work/hours')).workHours
}

function badge(page: Page) {
  return page.getByRole('button', { name: /módosítás elküldésre vár$/ })
}

test('hours recorded offline survive a reload and reach the server once the network returns', async ({
  page,
  context,
  net,
  account,
  serverUrl,
}) => {
  const teacher = account('workHours')
  const { month, first, second } = thisMonth()
  await openApp(page)
  await waitForServiceWorkerControl(page)
  await login(page, teacher)
  await waitForServiceWorkerControl(page)
  await openScreen(page, 'Munkaórák', 'Munkaórák')
  await expect(page.getByRole('table')).toBeVisible()
  await waitForCachedApi(page, /^\/api\/work\/hours\/?$/)
  await waitForCachedApi(page, /^\/api\/dashboard\/?$/)

  await goOffline(net, context)
  await record(page, first, '7.5')
  await expect(page.getByText('Nincs hálózat – a módosítás elküldésre vár.').first()).toBeVisible()
  await record(page, second, '4')
  await expect(badge(page)).toHaveAccessibleName('2 módosítás elküldésre vár')
  await expect(page.getByRole('button', { name: /, 7,5 óra(, ma)?, elküldésre vár$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /, 4 óra(, ma)?, elküldésre vár$/ })).toBeVisible()

  // Offline reload: the queue and the optimistic hours come back from IndexedDB.
  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await openScreen(page, 'Munkaórák', 'Munkaórák')
  await expect(badge(page)).toHaveAccessibleName('2 módosítás elküldésre vár')
  await expect(page.getByRole('button', { name: /, 7,5 óra(, ma)?, elküldésre vár$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /, 4 óra(, ma)?, elküldésre vár$/ })).toBeVisible()
  expect(await hoursOnServer(serverUrl, teacher), 'nothing reached the server while offline').toEqual({})

  await goOnline(net, context)
  await expect(badge(page)).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByRole('button', { name: /elküldésre vár$/ })).toHaveCount(0)
  expect(await hoursOnServer(serverUrl, teacher)).toEqual({ [first]: 7.5, [second]: 4 })

  // The export of the shown month parses back to it.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportálás (XLSX)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`munkaorak-${month}.xlsx`)
  const book = read(readFileSync(await file.path()), { type: 'buffer' })
  const rows = utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 })
  const daysInMonth = new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0).getDate()
  expect(rows[0]).toEqual(['Dátum', 'Nap', 'Óraszám'])
  expect(rows).toHaveLength(1 + daysInMonth + 1)
  expect(rows[1]).toEqual([first, expect.any(String), 7.5])
  expect(rows[2]).toEqual([second, expect.any(String), 4])
  expect(rows.slice(1, -1).every((row) => String(row[0]).startsWith(month))).toBe(true)
  expect(rows.at(-1)).toEqual(['Összesen', '', 11.5])
})

test('a write whose answer is lost on the way back is retried with the same key and applied once', async ({
  browser,
  baseURL,
  account,
  serverUrl,
}) => {
  // Without the service worker (it would make the request itself), so the page's own request can be cut after
  // the server has applied the write.
  const context = await browser.newContext({ ...CONTEXT_OPTIONS, serviceWorkers: 'block', baseURL })
  const page = await context.newPage()
  const teacher = account('workHoursDrop')
  const { first } = thisMonth()
  const keys: string[] = []
  const statuses: number[] = []
  await context.route('**/api/work/hours', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    keys.push(route.request().headers()['idempotency-key'] ?? '')
    const response = await route.fetch()
    statuses.push(response.status())
    // The first answer never arrives: the connection drops after the server applied the write.
    if (keys.length === 1) return route.abort('connectionreset')
    return route.fulfill({ response })
  })
  await openApp(page)
  await login(page, teacher)
  await openScreen(page, 'Munkaórák', 'Munkaórák')
  await expect(page.getByRole('table')).toBeVisible()

  await record(page, first, '6')
  await expect(page.getByText('Nincs hálózat – a módosítás elküldésre vár.').first()).toBeVisible()
  // The retry (after the backoff) gets the stored first answer.
  await expect(page.getByText('Munkaidő sikeresen rögzítve.')).toBeVisible({ timeout: 30_000 })
  await expect(badge(page)).toHaveCount(0)
  expect(keys).toHaveLength(2)
  expect(keys[1], 'the retry carries the same Idempotency-Key').toBe(keys[0])
  expect(statuses).toEqual([200, 200])
  expect(await hoursOnServer(serverUrl, teacher)).toEqual({ [first]: 6 })
  await context.close()
})
