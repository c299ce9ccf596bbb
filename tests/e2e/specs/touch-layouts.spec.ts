/**
 * Phone and tablet layouts with a finger (issue 18): the screens are walked at 390 × 844 and 820 × 1180 with touch
 * on; a toast never covers the seating dialog's close button. Screenshots of each state go to test-results for a
 * person to look at (none is compared).
 */
import type { Locator, Page } from '@playwright/test'
import { login, openApp, openScreen } from '../app'
import { apiSession, type Api } from '../api'
import { expect, test } from '../fixtures'

const PHONE = { width: 390, height: 844 }
const TABLET = { width: 820, height: 1180 }

test.use({ hasTouch: true, isMobile: false })

/** A 4 × 3 classroom with four desks in its second row and a group of diak01 … diak04 in it. */
async function groupWithDesks(api: Api, runId: string, columns = 4): Promise<string> {
  const classroom = await api<{ classroomId: string }>('POST', '/classrooms', {
    name: `T${runId}`,
    layout: {
      size: [columns, 3],
      objects: [
        { x: 0, y: 0, type: 'teacher' },
        ...Array.from({ length: columns }, (_, x) => ({ x, y: 1, type: 'student' })),
      ],
    },
  })
  expect(classroom.status, 'POST /classrooms').toBe(201)
  const groupName = `Érintés ${runId}`
  const group = await api('POST', '/groups/create', {
    groupName,
    groupDay: 3,
    students: ['diak01', 'diak02', 'diak03', 'diak04'],
    classroom: classroom.data.classroomId,
  })
  expect(group.status, 'POST /groups/create').toBe(201)
  return groupName
}

/** On Csoportok: expands the group and opens its 'Ülésrend'; returns the dialog. */
async function openSeating(page: Page, groupName: string): Promise<Locator> {
  const header = page.getByRole('heading', { name: groupName }).getByRole('button')
  await expect(header).toBeVisible({ timeout: 20_000 })
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click()
  await page
    .getByRole('listitem')
    .filter({ has: header })
    .getByRole('button', { name: 'Ülésrend', exact: true })
    .click()
  const dialog = page.getByRole('dialog', { name: `Ülésrend – ${groupName}` })
  await expect(dialog.getByRole('grid', { name: 'Terem ülésrendje' })).toBeVisible({ timeout: 20_000 })
  return dialog
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

for (const [size, viewport] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test(`${size}: the seating toast leaves the dialog's close button free`, async ({
    page,
    account,
    serverUrl,
    runId,
  }, testInfo) => {
    const teacher = account('groupsTeacher')
    const groupName = await groupWithDesks(await apiSession(serverUrl, teacher), `${runId}${size}`)
    await openApp(page)
    await login(page, teacher)
    // Signed in and on Csoportok at the desktop size (the sidebar's entries), then the device's size.
    await openScreen(page, 'Csoportok', 'Csoportok')
    await page.setViewportSize(viewport)
    const dialog = await openSeating(page, groupName)
    await dialog.getByRole('button', { name: 'Kovács Ádám' }).tap()
    await dialog.getByRole('gridcell', { name: /^Asztal, 2\. sor, 1\. oszlop/ }).tap()
    const toast = page.getByText('Ülésrend sikeresen mentve.').first()
    await expect(toast).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath(`seating-toast-${size}.png`) })
    const close = dialog.getByRole('button', { name: 'Bezárás' })
    const closeBox = await close.boundingBox()
    const toastBox = await page.locator('[data-scope="toast"][data-part="root"]').first().boundingBox()
    expect(closeBox && toastBox && overlaps(closeBox, toastBox), 'the toast covers the close button').toBe(
      false,
    )
    await close.tap()
    await expect(dialog).toBeHidden()
  })
}

/** Whether the element's text is cut (an ellipsis or clipped overflow). */
function truncated(cell: Locator): Promise<boolean> {
  return cell.evaluate((element) => element.scrollWidth > element.clientWidth + 1)
}

test('tablet: Felhasználók shows the name and the username whole', async ({ page, account }, testInfo) => {
  const admin = account('usersAdmin')
  await openApp(page)
  await login(page, admin)
  await openScreen(page, 'Felhasználók', 'Felhasználók')
  await page.setViewportSize(TABLET)
  // The list is virtualised: the search brings the account's row into view.
  await page.getByPlaceholder('Keresés név vagy felhasználónév alapján...').fill(admin.username)
  const row = page.getByRole('row').filter({ hasText: admin.username }).first()
  await expect(row).toBeVisible({ timeout: 20_000 })
  await page.screenshot({ path: testInfo.outputPath('users-tablet.png') })
  const name = row.getByRole('cell').filter({ hasText: admin.name }).first()
  const username = row.getByRole('cell').filter({ hasText: admin.username }).first()
  expect(await truncated(name), `${admin.name} is cut`).toBe(false)
  expect(await truncated(username), `${admin.username} is cut`).toBe(false)
})

test("phone: the password field of 'Jelszó módosítása' keeps room to type", async ({
  page,
  account,
}, testInfo) => {
  await openApp(page)
  await login(page, account('searcher'))
  await openScreen(page, 'Diákok', 'Diákok kezelése')
  await page.setViewportSize(PHONE)
  await page
    .getByRole('button', { name: /^Jelszó módosítása/ })
    .first()
    .tap()
  const field = page.getByPlaceholder('Add meg az új jelszót...')
  await expect(field).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('password-phone.png') })
  const box = await field.boundingBox()
  expect(box?.width ?? 0, 'the field is at least 12 rem wide').toBeGreaterThanOrEqual(12 * 16 - 1)
})

test('phone: a room wider than the screen says it scrolls sideways', async ({
  page,
  account,
  serverUrl,
  runId,
}, testInfo) => {
  const teacher = account('groupsTeacher')
  const groupName = await groupWithDesks(await apiSession(serverUrl, teacher), `${runId}wide`, 8)
  await openApp(page)
  await login(page, teacher)
  await openScreen(page, 'Csoportok', 'Csoportok')
  await page.setViewportSize(PHONE)
  const dialog = await openSeating(page, groupName)
  await expect(
    dialog.getByText('A terem szélesebb a képernyőnél: a többi asztalért görgesd oldalra a termet.'),
  ).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('seating-wide-phone.png') })
})
