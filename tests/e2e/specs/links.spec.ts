/**
 * Linkrövidítő (issue 9): a teacher creates a short link in the form (the fields clear and the cursor returns to the
 * URL field), copies it ('URL kimásolva a vágólapra!', the clipboard holds the full short link), opens it in the
 * browser and lands on the target, comes back and sees the visit counted. axe finds no serious or critical violation
 * on the screen (with the delete confirmation and the QR code open, too); the QR code decodes back to the link; the link is then deleted after the confirmation.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { login, openApp, openScreen } from '../app'
import { expect, test } from '../fixtures'
import { axeProblems } from '../axe'

const require = createRequire(import.meta.url)
const JSQR_SOURCE = readFileSync(require.resolve('jsqr/dist/jsQR.js'), 'utf8')

/** Decodes the QR image `selector` shows, in the page (jsQR on the image drawn to a canvas). */
async function decodeQr(page: Page, selector: string): Promise<string | null> {
  if (!(await page.evaluate(() => 'jsQR' in window))) await page.evaluate(JSQR_SOURCE)
  return page.evaluate((css) => {
    const image = document.querySelector<HTMLImageElement>(css)
    if (!image) return null
    const canvas = document.createElement('canvas')
    canvas.width = image.naturalWidth
    canvas.height = image.naturalHeight
    const context = canvas.getContext('2d')!
    context.drawImage(image, 0, 0)
    const data = context.getImageData(0, 0, canvas.width, canvas.height)
    type JsQr = (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null
    return (window as unknown as { jsQR: JsQr }).jsQR(data.data, data.width, data.height)?.data ?? null
  }, selector)
}

test('a teacher creates a short link, copies it, follows it to its target and sees the visit counted', async ({
  page,
  context,
  account,
  runId,
}) => {
  test.setTimeout(120_000)
  const teacher = account('linksTeacher')
  const code = `e2e-${runId}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 64)

  await openApp(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(page.url()).origin,
  })
  await login(page, teacher)
  await openScreen(page, 'Linkrövidítő', 'Linkrövidítő')
  await expect(page.getByText('Hozz létre és kezelj rövid URL-eket')).toBeVisible()

  // The target: a page this server serves (its health answer), so the test needs nothing outside.
  const target = new URL('/api/health?honnan=rovid-link', page.url()).href
  const url = page.getByRole('textbox', { name: 'Eredeti URL' })
  await url.fill(target)
  await page.getByRole('textbox', { name: /Rövid kód/ }).fill(code)
  await page.getByRole('button', { name: 'Létrehozás' }).click()
  await expect(page.getByText('Rövid URL sikeresen létrehozva.')).toBeVisible()
  await expect(url).toHaveValue('')
  await expect(url).toBeFocused()

  const copy = page.getByRole('button', { name: `Másolás: ${code}` })
  await copy.click()
  await expect(page.getByText('URL kimásolva a vágólapra!')).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(new RegExp(`/s/${code}$`))

  expect(await axeProblems(page, 'Linkrövidítő')).toEqual([])
  await page.getByRole('button', { name: `Törlés: ${code}` }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Rövid URL törlése' })
  await expect(dialog).toContainText(
    'Biztosan törölni szeretnéd ezt a rövid URL-t? A művelet nem vonható vissza.',
  )
  expect(await axeProblems(page, 'Linkrövidítő with the delete confirmation')).toEqual([])
  await dialog.getByRole('button', { name: 'Mégsem' }).click()
  await expect(dialog).toBeHidden()

  // The QR code for the projector decodes back to the short link.
  await page.getByRole('button', { name: `QR-kód: ${code}` }).click()
  const qr = page.getByRole('dialog', { name: `QR-kód: ${code}` })
  await expect(qr.getByRole('img', { name: `QR-kód: ${copied}` })).toBeVisible()
  expect(await decodeQr(page, '[role=dialog] img[src^="data:image/png"]')).toBe(copied)
  await expect(qr.getByRole('link', { name: 'PNG letöltése' })).toHaveAttribute('download', `${code}.png`)
  expect(await axeProblems(page, 'Linkrövidítő with the QR code')).toEqual([])
  await qr.getByRole('button', { name: 'Bezárás' }).first().click()
  await expect(qr).toBeHidden()

  // Follow the short link in the browser: a 302 to the target.
  await page.goto(copied)
  expect(page.url()).toBe(target)
  await expect(page.locator('body')).toContainText('"status"')

  // Back in the app, the visit is counted.
  await openApp(page)
  await openScreen(page, 'Linkrövidítő', 'Linkrövidítő')
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Másolás: ${code}` }) })
  await expect(row).toContainText(target)
  await expect(row.getByRole('cell').nth(2)).toHaveText('1')

  // An unknown code is the Hungarian 404 page.
  const missing = await page.goto(new URL(`/s/${code}-nincs`, page.url()).href)
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'A rövid link nem található.' })).toBeVisible()

  // Delete after the confirmation.
  await openApp(page)
  await openScreen(page, 'Linkrövidítő', 'Linkrövidítő')
  await page.getByRole('button', { name: `Törlés: ${code}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Törlés megerősítése' }).click()
  await expect(page.getByText('Rövid URL sikeresen törölve.')).toBeVisible()
  await expect(page.getByRole('button', { name: `Törlés: ${code}` })).toBeHidden()
})

test('a Hungarian target is stored encoded, shown readable and followed; a bad URL is refused inline; offline nothing is created (issue 18)', async ({
  page,
  context,
  account,
  runId,
}) => {
  test.setTimeout(120_000)
  const teacher = account('linksTeacher')
  const code = `hu-${runId}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 64)
  await openApp(page)
  await login(page, teacher)
  await openScreen(page, 'Linkrövidítő', 'Linkrövidítő')
  const url = page.getByRole('textbox', { name: 'Eredeti URL' })
  const short = page.getByRole('textbox', { name: /Rövid kód/ })
  const create = page.getByRole('button', { name: 'Létrehozás' })

  // Chromium's own URL parser takes 'ht tp://rossz url' (a space in the host as %20): the form's rule does not.
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/links')) posts.push(request.url())
  })
  await url.fill('ht tp://rossz url')
  await short.fill(code)
  await create.click()
  await expect(page.getByText('Érvénytelen URL formátum.')).toBeVisible()
  expect(posts).toEqual([])

  // A target with accented letters: the list shows it as typed, the visit lands on its UTF-8 encoded form.
  const typed = new URL('/api/health', page.url()).href + '?hely=Kőbánya'
  await url.fill(typed)
  await create.click()
  await expect(page.getByText('Rövid URL sikeresen létrehozva.')).toBeVisible()
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Másolás: ${code}` }) })
  await expect(row.getByRole('link', { name: typed })).toBeVisible()
  const visit = await page.request.get(new URL(`/s/${code}`, page.url()).href, { maxRedirects: 0 })
  expect(visit.status()).toBe(302)
  expect(visit.headers().location).toBe(typed.replace('Kőbánya', 'K%C5%91b%C3%A1nya'))

  // Offline: creating and deleting are disabled, and the screen says why.
  await context.setOffline(true)
  await expect(page.getByText('Rövid URL létrehozása és törlése csak online lehetséges.')).toBeVisible()
  await expect(create).toBeDisabled()
  await expect(page.getByRole('button', { name: `Törlés: ${code}` })).toBeDisabled()
  await context.setOffline(false)
  await expect(create).toBeEnabled()
  await page.getByRole('button', { name: `Törlés: ${code}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Törlés megerősítése' }).click()
  await expect(page.getByText('Rövid URL sikeresen törölve.')).toBeVisible()
})

test('on a tablet and a phone each link shows its code whole, the form its fields, and the whole link on demand (issue 18)', async ({
  page,
  account,
  runId,
}) => {
  test.setTimeout(120_000)
  const teacher = account('linksTeacher')
  // A code of a usual length (a 64-character one is cut on a phone too, and its whole form is a tap away).
  const code = `kerdoiv-${runId.replace(/[^A-Za-z0-9]/g, '').slice(-8)}`
  await openApp(page)
  await login(page, teacher)
  await openScreen(page, 'Linkrövidítő', 'Linkrövidítő')
  await page
    .getByRole('textbox', { name: 'Eredeti URL' })
    .fill('https://www.pelda.hu/tanev/2026/szuloi/kerdoiv')
  await page.getByRole('textbox', { name: /Rövid kód/ }).fill(code)
  await page.getByRole('button', { name: 'Létrehozás' }).click()
  await expect(page.getByText('Rövid URL sikeresen létrehozva.')).toBeVisible()

  const shown = page.getByRole('button', { name: new RegExp(`^Teljes rövid link: .*/s/${code}$`) })
  /** Whether the element shows all of its text (not cut with an ellipsis). */
  const whole = (locator: typeof shown) =>
    locator.evaluate((element) => element.scrollWidth <= element.clientWidth)
  for (const size of [
    { width: 820, height: 1180 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size)
    await expect(shown, `${size.width} px`).toBeVisible()
    await expect(shown).toHaveText(code)
    expect(await whole(shown), `the code is whole at ${size.width} px`).toBe(true)
    const codeField = await page.getByRole('textbox', { name: /Rövid kód/ }).boundingBox()
    expect(codeField?.width ?? 0, `the code field at ${size.width} px`).toBeGreaterThan(150)
    const target = page.getByRole('link', { name: 'https://www.pelda.hu/tanev/2026/szuloi/kerdoiv' })
    await expect(target).toBeVisible()
    await expect(target).toHaveText('pelda.hu/tanev/2026/szuloi/kerdoiv')
  }
  // The whole short link on demand: the code opens the QR-kód view, which shows it in large type.
  await shown.click()
  const qr = page.getByRole('dialog', { name: `QR-kód: ${code}` })
  await expect(qr.getByText(new RegExp(`^https?://.*/s/${code}$`))).toBeVisible()
  await qr.getByRole('button', { name: 'Bezárás' }).first().click()

  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByRole('button', { name: `Törlés: ${code}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Törlés megerősítése' }).click()
  await expect(page.getByText('Rövid URL sikeresen törölve.')).toBeVisible()
})
