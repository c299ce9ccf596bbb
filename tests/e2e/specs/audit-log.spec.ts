/**
 * Rendszernapló (issue 10): a teacher's 130 real writes (65 short links created and deleted through the API) are the
 * fixture. An administrator filters the log by that user, by event type (logins left out) and by period (Ma), sees
 * '130 esemény', scrolls to the end — 7 pages of at most 20, no entry twice, 'Nincs több esemény.' — follows a short
 * code to its history, exports the view as CSV and reads it back. axe finds no serious or critical violation in
 * the light and the dark theme (with the Események menu open too).
 */
import type { Page, Response } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { AUDIT_CSV_COLUMNS } from '@contract/api/audit-log'
import { AUDIT_TYPES } from '@contract/audit'
import { expectTheme, login, openApp, openScreen, setThemeViaApi, waitForShell } from '../app'
import type { Account } from '../accounts'
import { axeProblems } from '../axe'
import { expect, test } from '../fixtures'

const FIXTURE_LINKS = 65

/** Signs `account` in over the API (no browser) and returns its session token. */
async function tokenOf(serverUrl: string, account: Account): Promise<string> {
  const response = await fetch(`${serverUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  })
  const body = (await response.json()) as { Token?: string; mfa?: boolean }
  expect(response.ok && body.Token && !body.mfa, `API login of ${account.username}`).toBeTruthy()
  return body.Token!
}

/** 65 short links created and deleted by `account`: 130 audit entries (createShortUrl, deleteShortUrl). */
async function writeFixture(serverUrl: string, account: Account, runId: string): Promise<string[]> {
  const token = await tokenOf(serverUrl, account)
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${serverUrl}/api${path}`, {
      method,
      headers: {
        Authorization: token,
        'Idempotency-Key': crypto.randomUUID(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    expect(response.ok, `${method} ${path} answered ${response.status}`).toBe(true)
    return (await response.json()) as { id?: string }
  }
  const codes: string[] = []
  for (let i = 0; i < FIXTURE_LINKS; i++) {
    const short = `naplo-${runId}-${i}`
    const { id } = await call('POST', '/links/', { url: `https://pelda.hu/naplo/${i}`, short })
    await call('DELETE', `/links/${encodeURIComponent(id!)}`)
    codes.push(short)
  }
  return codes
}

/** The /auditlog page answers the page receives while `collect` runs, with their query. */
function collectPages(page: Page) {
  const pages: { params: URLSearchParams; logs: { _id: string }[] }[] = []
  const seen: Promise<void>[] = []
  const onResponse = (response: Response) => {
    const url = new URL(response.url())
    if (url.pathname !== '/api/auditlog' || response.request().method() !== 'GET') return
    seen.push(
      response
        .json()
        .then(
          (body: { logs: { _id: string }[] }) =>
            void pages.push({ params: url.searchParams, logs: body.logs }),
        )
        .catch(() => undefined),
    )
  }
  page.on('response', onResponse)
  return {
    async done() {
      page.off('response', onResponse)
      await Promise.all(seen)
      return pages
    },
  }
}

/** A small RFC 4180 reader: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const input = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < input.length; i++) {
    const char = input[i]
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += char
  }
  if (cell !== '' || row.length) {
    row.push(cell)
    rows.push(row)
  }
  return rows
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toBeHidden()
}

test('an administrator filters the log by type, user and period, scrolls to its end and exports it', async ({
  page,
  account,
  runId,
  serverUrl,
}) => {
  test.setTimeout(240_000)
  const writer = account('auditFixture')
  const admin = account('auditAdmin')
  const codes = await writeFixture(serverUrl, writer, runId)

  await openApp(page)
  await login(page, admin)
  await setThemeViaApi(page, 'light')
  await page.reload()
  await waitForShell(page)
  await expectTheme(page, 'light')
  await openScreen(page, 'Rendszernapló', 'Rendszernapló')
  const feed = page.getByRole('feed', { name: 'Események' })
  await expect(feed.getByRole('article').first()).toBeVisible()
  expect(await axeProblems(page, 'Rendszernapló (light)')).toEqual([])

  // User: the fixture's writer only.
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Felhasználók/ })
    .click()
  await page.getByRole('menuitemcheckbox', { name: writer.username, exact: true }).click()
  await closeMenu(page)
  await expect(page.getByText(`Felhasználó: ${writer.username}`)).toBeVisible()

  // Type: everything but logins (the writer signed in once over the API).
  await page.getByRole('button', { name: /^Események/ }).click()
  await expect(page.getByRole('menu')).toContainText('Rövid linkek')
  expect(await axeProblems(page, 'Rendszernapló, Események menu (light)')).toEqual([])
  await page.getByRole('menuitemcheckbox', { name: 'Bejelentkezés', exact: true }).click()
  await closeMenu(page)
  await expect(
    page.getByText(`Események: ${AUDIT_TYPES.length - 1} / ${AUDIT_TYPES.length} eseménytípus`),
  ).toBeVisible()

  // Period: today (the fixture was written a moment ago). From here on, every page answer is kept.
  const answers = collectPages(page)
  await page.getByRole('button', { name: /^Időszak/ }).click()
  await page.getByRole('menuitemradio', { name: 'Ma', exact: true }).click()
  await expect(page.getByText('Időszak: Ma')).toBeVisible()
  await expect(page.getByText('130 esemény', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Szűrők törlése' })).toBeVisible()

  // Scroll to the end: each time the last entry shows, the next page comes. A page may arrive just after a scroll, so
  // each round scrolls again and looks for both the end text and the 130th entry.
  const list = page.getByRole('region', { name: 'Eseménylista' })
  const end = page.getByText('Nincs több esemény.', { exact: true })
  const last = feed.locator('article[aria-posinset="130"]')
  await expect
    .poll(
      async () => {
        await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
        return (await end.isVisible()) && (await last.count()) === 1
      },
      {
        message: "'Nincs több esemény.' and the 130th entry after scrolling",
        timeout: 60_000,
        intervals: [250],
      },
    )
    .toBe(true)
  await expect(last).toBeVisible()
  await expect(feed.locator('article[aria-posinset="131"]')).toHaveCount(0)
  await expect(last).toHaveAttribute('aria-setsize', '130')

  const pages = (await answers.done()).filter(
    (answer) =>
      answer.params.get('user') === writer.username &&
      answer.params.get('from') !== null &&
      answer.params.get('types')?.split(',').length === AUDIT_TYPES.length - 1,
  )
  expect(pages.map((answer) => answer.params.get('page'))).toEqual(['1', '2', '3', '4', '5', '6', '7'])
  expect(pages.map((answer) => answer.logs.length)).toEqual([20, 20, 20, 20, 20, 20, 10])
  const ids = pages.flatMap((answer) => answer.logs.map((entry) => entry._id))
  expect(new Set(ids).size).toBe(130)
  // The 130th entry on screen is the last of the last page, and one of the fixture's links.
  await expect(last).toContainText(`Azonosító: ${ids.at(-1)}`)
  await expect(last).toContainText(`naplo-${runId}-`)

  // Export the filtered view: every page, not just the loaded ones, read back.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportálás' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^auditlog-\d{4}-\d{2}-\d{2}\.csv$/)
  const rows = parseCsv(readFileSync((await file.path())!, 'utf8'))
  expect(rows[0]).toEqual([...AUDIT_CSV_COLUMNS])
  const records = rows
    .slice(1)
    .map((row) => Object.fromEntries(AUDIT_CSV_COLUMNS.map((key, i) => [key, row[i]])))
  expect(records).toHaveLength(130)
  expect(records.map((record) => record._id)).toEqual(ids)
  expect(new Set(records.map((record) => record.user))).toEqual(new Set([writer.username]))
  expect(
    records
      .filter((record) => record.type === 'createShortUrl')
      .map((record) => record.short)
      .sort(),
  ).toEqual([...codes].sort())
  expect(records.filter((record) => record.type === 'deleteShortUrl')).toHaveLength(65)

  // A short code in an entry filters the log to that link's history: its creation and its deletion.
  // The entry is found by its place in the list, not as the first article in the DOM: right after the scroll the
  // DOM still held rows of the old window, and the first article read was not the one clicked a moment later.
  await list.evaluate((element) => element.scrollTo({ top: 0 }))
  const first = feed.locator('article[aria-posinset="1"]')
  await expect(first).toBeVisible()
  const code = first.getByRole('button').nth(1)
  const short = (await code.textContent()) ?? ''
  expect(codes).toContain(short)
  await code.click()
  await expect(page.getByRole('searchbox', { name: 'Keresés a naplóban' })).toHaveValue(short)
  await expect(page.getByText('2 esemény', { exact: true })).toBeVisible()
  await expect(feed.getByRole('article')).toHaveCount(2)

  // The dark theme.
  await setThemeViaApi(page, 'dark')
  await page.reload()
  await waitForShell(page)
  await expectTheme(page, 'dark')
  await openScreen(page, 'Rendszernapló', 'Rendszernapló')
  await expect(feed.getByRole('article').first()).toBeVisible()
  expect(await axeProblems(page, 'Rendszernapló (dark)')).toEqual([])
  await page.getByRole('button', { name: /^Események/ }).click()
  await expect(page.getByRole('menu')).toContainText('Biztonság')
  expect(await axeProblems(page, 'Rendszernapló, Események menu (dark)')).toEqual([])
  await closeMenu(page)
})
