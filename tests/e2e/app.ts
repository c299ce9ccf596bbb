/**
 * Page helpers for the portal. They query by role and accessible name (the Hungarian strings of the spec) and
 * wait on conditions — elements, responses, service-worker state — never on fixed sleeps. Each finds exactly one
 * kind of control: a helper that accepted either of two would let a regression pass.
 */
import type { BrowserContext, Locator, Page, Response } from '@playwright/test'
import type { Account } from './accounts'
import { expect, type MailReader } from './fixtures'
import type { NetCut } from '../support/netcut'

export const LOGIN_TITLE = 'Bejelentkezés'
export const MFA_TITLE = 'Többfaktoros hitelesítés'
export const STUDENTS_HEADING = 'Diákok kezelése'
export const SEARCH_LABEL = 'Keresés név vagy felhasználónév alapján'

/** Opens the app at the test's base URL (the test's proxy). */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/', { waitUntil: 'domcontentloaded' })
}

export function loginHeading(page: Page): Locator {
  return page.getByRole('heading', { name: LOGIN_TITLE, exact: true })
}

export function usernameField(page: Page): Locator {
  return page.getByLabel('Felhasználónév', { exact: true })
}

export function passwordField(page: Page): Locator {
  return page.getByLabel('Jelszó', { exact: true })
}

/** A sidebar entry (a button) by its exact label, inside the main navigation ('Főmenü'). */
export function sidebarEntry(page: Page, label: string): Locator {
  return page.getByRole('navigation', { name: 'Főmenü' }).getByRole('button', { name: label, exact: true })
}

/** The sidebar's logout entry: present only inside the signed-in app. */
export function logoutEntry(page: Page): Locator {
  return sidebarEntry(page, 'Kijelentkezés')
}

export function mfaDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: MFA_TITLE })
}

export interface MfaAnswer {
  mailbox: MailReader
  /** The address the code is mailed to. */
  email: string
}

/**
 * Signs in on the login screen (opening the app first on a blank page) and waits for the app shell. With `mfa`
 * the MFA dialog must appear and is answered with the code from the loopback SMTP server; without it, it must not.
 */
export async function login(page: Page, account: Account, mfa?: MfaAnswer): Promise<void> {
  if (page.url() === 'about:blank') await openApp(page)
  await expect(usernameField(page)).toBeVisible({ timeout: 20_000 })
  await usernameField(page).fill(account.username)
  await passwordField(page).fill(account.password)
  const since = Date.now()
  const loginResponse = waitForApi(page, 'POST', /^\/auth\/login$/)
  await passwordField(page).press('Enter')
  const response = await loginResponse
  expect(response.ok(), `login of ${account.username} answered ${response.status()}`).toBe(true)
  // The answer's body is gone once the accepted login reloads the page: what the user sees tells MFA or not.
  // Without a code the app cannot open, so the shell showing means no MFA was asked for.
  await expect(mfaDialog(page).or(logoutEntry(page))).toBeVisible({ timeout: 30_000 })

  if (mfa) {
    const dialog = mfaDialog(page)
    await expect(dialog, `login of ${account.username} asks for an MFA code`).toBeVisible()
    const code = await mfa.mailbox.waitForCode(mfa.email, since - 1000)
    await dialog.getByLabel('MFA Kód').fill(code)
    const mfaResponse = waitForApi(page, 'POST', /^\/auth\/mfa$/)
    await dialog.getByRole('button', { name: 'Megvan' }).click()
    const answer = await mfaResponse
    expect(answer.ok(), `MFA answered ${answer.status()}`).toBe(true)
  } else {
    await expect(mfaDialog(page), `login of ${account.username} asks for no MFA code`).toHaveCount(0)
  }
  await waitForShell(page)
}

/** Waits for the signed-in app: the logout entry is visible (after the reload the login triggers). */
export async function waitForShell(page: Page): Promise<void> {
  await expect(logoutEntry(page)).toBeVisible({ timeout: 30_000 })
}

/** Opens a screen from the sidebar and waits for its heading. */
export async function openScreen(page: Page, entry: string, heading: string): Promise<void> {
  await sidebarEntry(page, entry).click()
  await expect(page.getByRole('heading', { name: heading, exact: true, level: 1 })).toBeVisible({
    timeout: 20_000,
  })
}

export async function openStudents(page: Page): Promise<void> {
  await openScreen(page, 'Diákok', STUDENTS_HEADING)
}

/** The search box of the Diákok screen. */
export function studentSearchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: SEARCH_LABEL, exact: true })
}

/** The row of the Diákok table showing `text`. */
export function studentRow(page: Page, text: string): Locator {
  return page.getByRole('table', { name: 'Diákok' }).getByRole('row').filter({ hasText: text })
}

/** Opens Beállítások and waits until its categories are there (after the loading screen). */
export async function openSettings(page: Page): Promise<void> {
  await sidebarEntry(page, 'Beállítások').click()
  await expect(settingsCategories(page)).toBeVisible({ timeout: 20_000 })
}

export function settingsCategories(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Beállítás kategóriák' })
}

/** Opens a settings category ('Backend', 'Profil', 'Megjelenés', …) from the category navigation. */
export async function openSettingsCategory(page: Page, label: string): Promise<void> {
  await settingsCategories(page).getByRole('button', { name: label, exact: true }).click()
  await expect(page.getByRole('heading', { name: label, exact: true, level: 2 })).toBeVisible()
}

/** Signs out through the sidebar and waits for the login screen. */
export async function logout(page: Page): Promise<void> {
  await logoutEntry(page).click()
  await expect(usernameField(page)).toBeVisible({ timeout: 20_000 })
}

/** The student home's marker: the 'Béta verzió' notice the spec requires. */
export function studentHome(page: Page): Locator {
  return page.getByText('Béta verzió', { exact: true })
}

/** Waits for a response whose URL path (after /api) matches `path` and whose method matches. */
export function waitForApi(page: Page, method: string, path: RegExp, timeoutMs = 20_000): Promise<Response> {
  return page.waitForResponse(
    (r) => r.request().method() === method && path.test(new URL(r.url()).pathname.replace(/^\/api/, '')),
    { timeout: timeoutMs },
  )
}

// --- service worker and caches ------------------------------------------------------------------------------

/**
 * Waits until a service worker is active and controls the page. A first visit is controlled only once the
 * worker claims it (or after a reload): wait for `controllerchange`, and reload once if it never comes.
 */
export async function waitForServiceWorkerControl(page: Page, timeoutMs = 20_000): Promise<void> {
  const state = await page.evaluate(async (timeout) => {
    if (!('serviceWorker' in navigator)) return 'no serviceWorker API'
    const ready = await Promise.race([
      navigator.serviceWorker.ready.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), timeout)),
    ])
    if (!ready) {
      const registrations = await navigator.serviceWorker.getRegistrations()
      return `no active service worker after ${timeout} ms (${registrations.length} registrations)`
    }
    if (navigator.serviceWorker.controller) return 'controlled'
    return new Promise<string>((resolve) => {
      const timer = setTimeout(
        () => resolve(navigator.serviceWorker.controller ? 'controlled' : 'uncontrolled'),
        5000,
      )
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        clearTimeout(timer)
        resolve('controlled')
      })
    })
  }, timeoutMs)
  if (state === 'controlled') return
  expect(state, 'the service worker state').toBe('uncontrolled')
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect
    .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), {
      message: 'the service worker controls the page',
    })
    .toBe(true)
}

export interface CachedEntry {
  cache: string
  url: string
  status: number
  body: string
}

/** Every entry of every Cache Storage cache whose URL contains `/api/`, with its body text. */
export function cachedApiEntries(page: Page): Promise<CachedEntry[]> {
  return page.evaluate(async () => {
    const out: { cache: string; url: string; status: number; body: string }[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        if (!new URL(request.url).pathname.startsWith('/api/')) continue
        const response = await cache.match(request)
        out.push({
          cache: name,
          url: request.url,
          status: response?.status ?? 0,
          body: response ? await response.text() : '',
        })
      }
    }
    return out
  })
}

/** Waits until Cache Storage holds a 200 answer for an API path matching `path` (e.g. /\/api\/students/). */
export async function waitForCachedApi(page: Page, path: RegExp, timeoutMs = 20_000): Promise<CachedEntry> {
  let found: CachedEntry | undefined
  await expect
    .poll(
      async () => {
        const entries = await cachedApiEntries(page)
        found = entries.find((e) => path.test(new URL(e.url).pathname) && e.status === 200)
        return Boolean(found)
      },
      { message: `a cached answer for ${path}`, timeout: timeoutMs },
    )
    .toBe(true)
  return found!
}

/** Every string value stored in every IndexedDB database of the origin, JSON-encoded. */
export function indexedDbDump(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = []
    const databases = await indexedDB.databases()
    for (const info of databases) {
      if (!info.name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      for (const storeName of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const tx = db.transaction(storeName, 'readonly')
          const request = tx.objectStore(storeName).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        const keys = await new Promise<unknown[]>((resolve, reject) => {
          const tx = db.transaction(storeName, 'readonly')
          const request = tx.objectStore(storeName).getAllKeys()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        parts.push(`${info.name}/${storeName}: ${JSON.stringify(keys)} ${JSON.stringify(values)}`)
      }
      db.close()
    }
    return parts.join('\n')
  })
}

// --- network ------------------------------------------------------------------------------------------------

/** Cuts the network for real (the test's proxy drops every connection) and tells the browser it is offline. */
export async function goOffline(net: NetCut, context: BrowserContext): Promise<void> {
  net.cut()
  await context.setOffline(true)
}

export async function goOnline(net: NetCut, context: BrowserContext): Promise<void> {
  net.restore()
  await context.setOffline(false)
}

/** The offline marker ('Nincs hálózat…'). */
export function offlineMarker(page: Page): Locator {
  return page.getByText(/^Nincs hálózat/)
}

// --- theme and settings -------------------------------------------------------------------------------------

/**
 * The theme the document is in, as the app sets it (src/app/use-theme-class.ts): Chakra's class on <html> and
 * the matching color-scheme. Anything else — both classes, neither, a class that disagrees with the
 * color-scheme — is reported as it is and fails the comparison.
 */
export function documentTheme(page: Page): Promise<string> {
  return page.evaluate(() => {
    const html = document.documentElement
    const classes = ['light', 'dark'].filter((c) => html.classList.contains(c))
    const scheme = html.style.colorScheme
    return classes.length === 1 && classes[0] === scheme
      ? scheme
      : `class "${classes.join(' ')}", color-scheme "${scheme}"`
  })
}

/** Waits until the document is in `theme`. */
export async function expectTheme(page: Page, theme: 'light' | 'dark', timeout = 10_000): Promise<void> {
  await expect.poll(() => documentTheme(page), { message: `the ${theme} theme`, timeout }).toBe(theme)
}

/** Calls the API from the page with the stored session token (what the app's fetch wrapper does). */
export async function apiFromPage<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('token')
      const headers: Record<string, string> = {}
      if (token) headers.Authorization = token
      if (body !== undefined) headers['Content-Type'] = 'application/json'
      // A plain-http page (http://portal.test) has no crypto.randomUUID; getRandomValues it has.
      if (method !== 'GET')
        headers['Idempotency-Key'] = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
          byte.toString(16).padStart(2, '0'),
        ).join('')
      const response = await fetch(`/api${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await response.text()
      let data: unknown = text
      try {
        data = JSON.parse(text)
      } catch {
        // not JSON
      }
      return { status: response.status, data: data as T }
    },
    { method, path, body },
  )
}

/** Sets the server-stored theme of the signed-in user ('light' | 'dark'). */
export async function setThemeViaApi(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const current = await apiFromPage<{ userSettings?: Record<string, unknown> }>(
    page,
    'GET',
    '/dashboard/userSettings',
  )
  expect(current.status, 'GET /dashboard/userSettings').toBe(200)
  const userSettings = { ...(current.data.userSettings ?? {}), 'lookAndFeel:theme': theme }
  const saved = await apiFromPage(page, 'POST', '/dashboard/userSettings', { userSettings })
  expect(saved.status, 'POST /dashboard/userSettings').toBe(200)
}
