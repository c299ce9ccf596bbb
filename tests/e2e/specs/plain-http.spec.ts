/**
 * Plain HTTP on the school network (issue 17 §2): the app opened at http://portal.test:PORT — a LAN name, not
 * localhost, so not a secure context: no crypto.randomUUID, crypto.subtle, navigator.clipboard, service worker or
 * Cache Storage. An administrator with an MFA e-mail signs in (the code from the loopback SMTP server), sees the
 * HTTPS banner naming the README section, dismisses it — gone after a reload, the quiet line in Beállítások stays —
 * opens every screen of the menu without an error, posts an announcement through the outbox (an Idempotency-Key,
 * the owner's SHA-256 name), creates a short link in Linkrövidítő and copies it: the short URL shows focused and all
 * selected in a read-only field; signs out.
 */
import { apiSession } from '../api'
import { axeProblems } from '../axe'
import { login, logout, openScreen, openSettings, sidebarEntry, waitForApi, waitForShell } from '../app'
import { expect, test } from '../fixtures'

const README_SECTION = '„On the school network” fejezet'

test('over plain http a LAN address signs in with MFA, shows the HTTPS notice once, writes and copies a short link', async ({
  page,
  net,
  account,
  mailbox,
  serverUrl,
  runId,
}) => {
  test.setTimeout(120_000)
  const admin = account('plainHttpAdmin')
  const email = `http.${runId}@iskola.test`
  const setMfa = await (
    await apiSession(serverUrl, admin)
  )('POST', '/auth/setmfa', {
    email,
    password: admin.password,
  })
  expect(setMfa.status, 'POST /auth/setmfa').toBe(200)

  // The test's own proxy, under the LAN name (tests/support/chromium.ts maps portal.test to loopback).
  const origin = `http://portal.test:${new URL(net.url).port}`
  await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' })
  expect(
    await page.evaluate(() => ({
      secure: window.isSecureContext,
      randomUUID: typeof crypto.randomUUID,
      subtle: typeof crypto.subtle,
      clipboard: typeof navigator.clipboard,
      serviceWorker: 'serviceWorker' in navigator,
    })),
  ).toEqual({
    secure: false,
    randomUUID: 'undefined',
    subtle: 'undefined',
    clipboard: 'undefined',
    serviceWorker: false,
  })

  // Sign-in and the MFA step (both writes: each carries an Idempotency-Key made without randomUUID).
  const since = Date.now()
  await login(page, admin, { mailbox, email })
  expect(mailbox.messages().some((m) => m.receivedAt >= since - 1000 && m.to.includes(email))).toBe(true)
  expect(new URL(page.url()).origin).toBe(origin)

  // The administrators' banner, once: × hides it, and a reload does not bring it back.
  const banner = page.getByRole('region', { name: 'HTTPS értesítés' })
  await expect(banner).toContainText('Ez az oldal nem HTTPS-en keresztül nyílt meg')
  await expect(banner).toContainText(README_SECTION)
  expect(await axeProblems(page, 'Kezdőlap with the HTTPS banner')).toEqual([])
  await banner.getByRole('button', { name: 'HTTPS értesítés bezárása' }).click()
  await expect(banner).toBeHidden()
  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await expect(banner).toBeHidden()
  // Every screen the administrator's menu offers opens and loads without an error on this origin.
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  const entries = await page
    .getByRole('navigation', { name: 'Főmenü' })
    .getByRole('button')
    .filter({ hasNotText: /^(Kijelentkezés|Beállítások)$/ })
    .allTextContents()
  expect(entries.length).toBeGreaterThan(8)
  for (const entry of entries) {
    await sidebarEntry(page, entry.trim()).click()
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 }).first(), entry).toBeVisible({ timeout: 20_000 })
    await expect(main).not.toHaveAttribute('aria-busy', 'true')
    await expect(main.getByText(/^Hiba történt/), entry).toHaveCount(0)
  }
  expect(pageErrors).toEqual([])

  // The quiet line in Beállítások stays for as long as the page is plain HTTP.
  await openSettings(page)
  await expect(page.getByRole('note')).toContainText(README_SECTION)

  // A queued write: an announcement goes through the outbox, whose owner is a SHA-256 name (no crypto.subtle here).
  const message = `Sima HTTP-n is megy (${runId}).`
  await sidebarEntry(page, 'Kezdőlap').click()
  await page.getByRole('button', { name: 'Új értesítés' }).click()
  const write = page.getByRole('dialog', { name: 'Új értesítés' })
  await write.getByLabel('Értesítés szövege').fill(message)
  const posted = waitForApi(page, 'POST', /^\/alerts$/)
  await write.getByRole('button', { name: 'Közzététel' }).click()
  const answer = await posted
  expect(answer.status(), 'POST /alerts').toBe(201)
  expect(answer.request().headers()['idempotency-key']).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  )
  await expect(page.getByText('Értesítés sikeresen közzétéve.')).toBeVisible()
  await expect(page.getByText(message)).toBeVisible()

  // Linkrövidítő: create a short link and copy it by hand.
  const code = `http-${runId}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 64)
  await openScreen(page, 'Linkrövidítő', 'Linkrövidítő')
  await page.getByRole('textbox', { name: 'Eredeti URL' }).fill(`${origin}/api/health`)
  await page.getByRole('textbox', { name: /Rövid kód/ }).fill(code)
  await page.getByRole('button', { name: 'Létrehozás' }).click()
  await expect(page.getByText('Rövid URL sikeresen létrehozva.')).toBeVisible()
  await page.getByRole('button', { name: `Másolás: ${code}` }).click()
  const copyDialog = page.getByRole('dialog', { name: 'Másolás' })
  await expect(copyDialog).toContainText('Másold ki a kijelölt szöveget')
  const field = copyDialog.getByRole('textbox', { name: 'Másolandó szöveg' })
  await expect(field).toHaveValue(new RegExp(`/s/${code}$`))
  await expect(field).toBeFocused()
  await expect(field).toHaveAttribute('readonly', '')
  const selection = await field.evaluate((input: HTMLInputElement) => [
    input.selectionStart,
    input.selectionEnd,
    input.value.length,
  ])
  expect(selection).toEqual([0, selection[2], selection[2]])
  await expect(page.getByText('Hiba történt a másolás során.')).toHaveCount(0)
  expect(await axeProblems(page, 'the copy dialog')).toEqual([])
  await copyDialog.getByRole('button', { name: 'Kész' }).click()
  await expect(copyDialog).toBeHidden()

  // Leave the shared server as found: the announcement goes (through the outbox too).
  await sidebarEntry(page, 'Kezdőlap').click()
  const announcement = page.getByRole('listitem').filter({ hasText: message })
  await announcement.getByRole('button', { name: 'Értesítés törlése' }).click()
  const deleted = waitForApi(page, 'DELETE', /^\/alerts\/[^/]+$/)
  await page
    .getByRole('alertdialog', { name: 'Értesítés törlése' })
    .getByRole('button', { name: 'Törlés', exact: true })
    .click()
  expect((await deleted).ok()).toBe(true)
  await expect(page.getByText(message)).toHaveCount(0)

  // Signing out wipes the user's data without Cache Storage or a worker: back on the login screen.
  await logout(page)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})
