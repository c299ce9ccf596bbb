/**
 * Diákok on a phone (and, for the same rule, a tablet and a desktop) with a finger: a row opened with 'Jelszó
 * módosítása' shows whole below the table's sticky header — its name, the password field, 'Mentés' and 'Mégse' —
 * whether it is the first row, a middle one half under the header, or the last one at the bottom of the list; the
 * field has focus. Screenshots of each open row go to test-results for a person to look at (none is compared).
 */
import type { Locator, Page } from '@playwright/test'
import { login, openApp, openScreen, STUDENTS_HEADING } from '../app'
import { ALL_STUDENTS } from '../accounts'
import { expect, test } from '../fixtures'

const PHONE = { width: 390, height: 844 }
const TABLET = { width: 820, height: 1180 }
const DESKTOP = { width: 1440, height: 900 }

test.use({ hasTouch: true, isMobile: false })

/** The Diákok list's order (Hungarian collation, like the server). */
const SORTED = [...ALL_STUDENTS].sort(
  (a, b) => new Intl.Collator('hu').compare(a.name, b.name) || a.username.localeCompare(b.username),
)

interface Box {
  top: number
  bottom: number
}

/** The part of the screen where rows are seen: below the sticky header, inside the scroll area's border. */
async function rowsView(page: Page): Promise<Box> {
  const region = page.getByRole('region', { name: 'Diáklista' })
  const head = page.getByRole('table', { name: 'Diákok' }).getByRole('rowgroup').first()
  const headBox = await head.boundingBox()
  const bottom = await region.evaluate((e) => e.getBoundingClientRect().top + e.clientTop + e.clientHeight)
  expect(headBox, 'the header is laid out').not.toBeNull()
  return { top: headBox!.y + headBox!.height, bottom: Math.min(bottom, page.viewportSize()!.height) }
}

async function expectWithin(part: Locator, what: string, view: Box): Promise<void> {
  const box = await part.boundingBox()
  expect(box, `${what} is laid out`).not.toBeNull()
  const top = box!.y
  const bottom = box!.y + box!.height
  expect
    .soft(top, `${what} starts under the table's header (${view.top})`)
    .toBeGreaterThanOrEqual(view.top - 0.5)
  expect
    .soft(bottom, `${what} ends above the list's bottom edge (${view.bottom})`)
    .toBeLessThanOrEqual(view.bottom + 0.5)
}

/** Opens the student's password row by a tap and checks that the whole row is seen; then 'Mégse'. */
async function openAndCheck(page: Page, name: string, shot: string): Promise<void> {
  await page.getByRole('button', { name: `Jelszó módosítása: ${name}`, exact: true }).tap()
  const form = page.getByRole('form', { name: `Jelszó módosítása: ${name}`, exact: true })
  const field = form.getByPlaceholder('Add meg az új jelszót...')
  await expect(field).toBeFocused()
  await page.screenshot({ path: shot })
  const view = await rowsView(page)
  const row = page.getByRole('table', { name: 'Diákok' }).getByRole('row').filter({ has: form })
  await expectWithin(row, `${name}'s open row`, view)
  await expectWithin(field, 'the password field', view)
  await expectWithin(form.getByRole('button', { name: 'Mentés', exact: true }), "'Mentés'", view)
  await expectWithin(form.getByRole('button', { name: 'Mégse', exact: true }), "'Mégse'", view)
  await form.getByRole('button', { name: 'Mégse', exact: true }).tap()
  await expect(field).toBeHidden()
}

/** Scrolls the list to `top` and waits for the student's row button to be there. */
async function scrollList(page: Page, top: number | 'end', name: string): Promise<void> {
  await page
    .getByRole('region', { name: 'Diáklista' })
    .evaluate((e, to) => e.scrollTo({ top: to === 'end' ? e.scrollHeight : to }), top)
  await expect(page.getByRole('button', { name: `Jelszó módosítása: ${name}`, exact: true })).toBeVisible()
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['tablet', TABLET],
  ['desktop', DESKTOP],
] as const) {
  test(`${size}: an open password row shows whole below the table's header (first, middle and last row)`, async ({
    page,
    account,
  }, testInfo) => {
    await openApp(page)
    await login(page, account('searcher'))
    // Signed in and on Diákok at the default size (the sidebar's entries), then the device's size.
    await openScreen(page, 'Diákok', STUDENTS_HEADING)
    await page.setViewportSize(viewport)

    const first = SORTED[0].name
    await scrollList(page, 0, first)
    await openAndCheck(page, first, testInfo.outputPath(`first-${size}.png`))

    // A middle row scrolled half under the sticky header: its button still shows below it, its name does not.
    const middleIndex = Math.floor(SORTED.length / 2)
    const middle = SORTED[middleIndex].name
    const rowBox = await page.getByRole('row').filter({ hasText: first }).boundingBox()
    expect(rowBox, 'a row is laid out').not.toBeNull()
    await scrollList(page, middleIndex * rowBox!.height + 16, middle)
    await openAndCheck(page, middle, testInfo.outputPath(`middle-${size}.png`))

    const last = SORTED[SORTED.length - 1].name
    await scrollList(page, 'end', last)
    await openAndCheck(page, last, testInfo.outputPath(`last-${size}.png`))
  })
}
