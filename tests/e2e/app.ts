/**
 * Page helpers for the portal. They query by role and accessible name (the Hungarian strings of the spec) and
 * wait on conditions — elements, responses, service-worker state — never on fixed sleeps.
 */
import type { BrowserContext, Locator, Page, Response } from 'playwright-core'
import type { Account } from './accounts'
import { assert, type SpecContext } from './harness'

export const LOGIN_TITLE = 'Bejelentkezés'
export const MFA_TITLE = 'Többfaktoros hitelesítés'

/** Polls `check` until it returns a truthy value or the time runs out. */
export async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown = null
  while (Date.now() < deadline) {
    try {
      const value = await check()
      if (value) return value
    } catch (error) {
      lastError = error
    }
    await new Promise((r) => setTimeout(r, intervalMs))
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`)
}

export async function openApp(page: Page, ctx: Pick<SpecContext, 'baseUrl'>): Promise<void> {
  await page.goto(`${ctx.baseUrl}/`, { waitUntil: 'domcontentloaded' })
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

/** The sidebar's logout entry: present only inside the signed-in app. */
export function logoutEntry(page: Page): Locator {
  return sidebarEntry(page, 'Kijelentkezés')
}

/** A sidebar entry by its exact label, inside the main navigation ('Főmenü'). */
export function sidebarEntry(page: Page, label: string): Locator {
  return page
    .getByRole('navigation', { name: 'Főmenü' })
    .getByRole('button', { name: label, exact: true })
    .or(page.getByRole('navigation', { name: 'Főmenü' }).getByRole('link', { name: label, exact: true }))
    .first()
}

export function mfaDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: MFA_TITLE })
}

export interface LoginOptions {
  /** How to answer an MFA dialog: by default the code is read from the loopback SMTP server. */
  mfaEmail?: string
  /** Fail when the MFA dialog does (true) or does not (false) appear. */
  expectMfa?: boolean
}

/**
 * Signs in on the login screen (navigating to it when needed) and waits for the app shell. Handles the MFA
 * dialog when it appears and `mfaEmail` is given.
 */
export async function login(page: Page, ctx: SpecContext, account: Account, options: LoginOptions = {}): Promise<void> {
  if (!(await usernameField(page).isVisible().catch(() => false))) {
    if (!page.url().startsWith(ctx.baseUrl)) await openApp(page, ctx)
  }
  await usernameField(page).waitFor({ state: 'visible', timeout: 20_000 })
  await usernameField(page).fill(account.username)
  await passwordField(page).fill(account.password)
  const since = Date.now()
  const loginResponse = page.waitForResponse(
    (r) => r.url().includes('/api/auth/login') && r.request().method() === 'POST',
    { timeout: 20_000 },
  )
  await passwordField(page).press('Enter')
  const response = await loginResponse
  assert(response.ok(), `login of ${account.username} answered ${response.status()}: ${await response.text().catch(() => '')}`)
  const body = (await response.json().catch(() => ({}))) as { mfa?: boolean }

  if (body.mfa) {
    assert(options.expectMfa !== false, `login of ${account.username} unexpectedly asked for an MFA code`)
    assert(options.mfaEmail, `login of ${account.username} asked for an MFA code but no address was given`)
    await mfaDialog(page).waitFor({ state: 'visible', timeout: 15_000 })
    const code = await ctx.smtp.waitForCode(options.mfaEmail, since - 1000, 20_000)
    ctx.log(`MFA code ${code} read from the loopback SMTP server`)
    const dialog = mfaDialog(page)
    await dialog.getByLabel('MFA Kód').fill(code)
    const mfaResponse = page.waitForResponse((r) => r.url().includes('/api/auth/mfa'), { timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Megvan' }).click()
    const answer = await mfaResponse
    assert(answer.ok(), `MFA answered ${answer.status()}: ${await answer.text().catch(() => '')}`)
  } else {
    assert(options.expectMfa !== true, `login of ${account.username} did not ask for an MFA code`)
  }
  await waitForShell(page)
}

/** Waits for the signed-in app: the logout entry is visible (after the reload the login triggers). */
export async function waitForShell(page: Page, timeoutMs = 30_000): Promise<void> {
  await logoutEntry(page).waitFor({ state: 'visible', timeout: timeoutMs })
}

/** Opens a screen from the sidebar and waits for its heading. */
export async function openScreen(page: Page, entry: string, heading: string | RegExp): Promise<void> {
  const title = page.getByRole('heading', { name: heading }).first()
  if (await title.isVisible().catch(() => false)) return
  await sidebarEntry(page, entry).click()
  await title.waitFor({ state: 'visible', timeout: 20_000 })
}

export const STUDENTS_HEADING = 'Diákok kezelése'
export const SETTINGS_ENTRY = 'Beállítások'

export async function openStudents(page: Page): Promise<void> {
  await openScreen(page, 'Diákok', STUDENTS_HEADING)
}

/** The search box of the Diákok screen. */
export function studentSearchBox(page: Page) {
  return page.getByRole('searchbox').or(page.getByPlaceholder(/keres/i)).first()
}

/** The row (table row or list item) showing `text`. */
export function studentRow(page: Page, text: string) {
  return page.locator('[role="row"], tr, li').filter({ hasText: text }).first()
}

export async function openSettings(page: Page): Promise<void> {
  await openScreen(page, SETTINGS_ENTRY, /Beállítások/)
  // The settings screen shows a loading screen until the values are there.
  await page
    .getByText(/A betöltés folyamatban van|Beállítások betöltése\.\.\./)
    .first()
    .waitFor({ state: 'hidden', timeout: 20_000 })
}

/** Opens a settings category ('Backend', 'Profil', 'Megjelenés', …) from the category navigation. */
export async function openSettingsCategory(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Beállítás kategóriák' })
    .getByRole('button', { name: label, exact: true })
    .click()
  await page.getByRole('heading', { name: label, exact: true, level: 2 }).waitFor({ state: 'visible' })
}

/** Signs out through the sidebar and waits for the login screen. */
export async function logout(page: Page): Promise<void> {
  await logoutEntry(page).click()
  // A confirmation may appear when writes are still queued; these specs never queue any.
  await usernameField(page).waitFor({ state: 'visible', timeout: 20_000 })
}

/** The student home's marker: the beta notice the spec requires. */
export function studentHome(page: Page): Locator {
  return page.getByText(/béta|beta/i).first()
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
      const timer = setTimeout(() => resolve(navigator.serviceWorker.controller ? 'controlled' : 'uncontrolled'), 5000)
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        clearTimeout(timer)
        resolve('controlled')
      })
    })
  }, timeoutMs)
  if (state === 'controlled') return
  assert(state === 'uncontrolled', state)
  await page.reload({ waitUntil: 'domcontentloaded' })
  await until('the service worker to control the page', () => page.evaluate(() => !!navigator.serviceWorker.controller))
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
        out.push({ cache: name, url: request.url, status: response?.status ?? 0, body: response ? await response.text() : '' })
      }
    }
    return out
  })
}

/** Waits until Cache Storage holds a 200 answer for an API path matching `path` (e.g. /\/api\/students/). */
export async function waitForCachedApi(page: Page, path: RegExp, timeoutMs = 20_000): Promise<CachedEntry> {
  return until(`a cached answer for ${path}`, async () => {
    const entries = await cachedApiEntries(page)
    return entries.find((e) => path.test(new URL(e.url).pathname) && e.status === 200) ?? null
  }, timeoutMs, 200)
}

/** Every string value stored in every IndexedDB database of the origin, JSON-encoded. */
export function indexedDbDump(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = []
    const databases = indexedDB.databases ? await indexedDB.databases() : []
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

/** Cuts the network for real (the proxy drops every connection) and tells the browser it is offline. */
export async function goOffline(ctx: SpecContext, context: BrowserContext): Promise<void> {
  ctx.net.cut()
  await context.setOffline(true)
}

export async function goOnline(ctx: SpecContext, context: BrowserContext): Promise<void> {
  ctx.net.restore()
  await context.setOffline(false)
}

/** The offline marker ('Nincs hálózat…'). */
export function offlineMarker(page: Page): Locator {
  return page.getByText(/^\s*Nincs hálózat/).first()
}

// --- theme and settings -------------------------------------------------------------------------------------

/** True when the document is in the dark theme (class, data attribute or color-scheme). */
export function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const html = document.documentElement
    if (html.classList.contains('dark')) return true
    if (html.dataset.theme === 'dark') return true
    return getComputedStyle(html).colorScheme.split(/\s+/)[0] === 'dark'
  })
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
      if (method !== 'GET') headers['Idempotency-Key'] = crypto.randomUUID()
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
  const current = await apiFromPage<{ userSettings?: Record<string, unknown> }>(page, 'GET', '/dashboard/userSettings')
  assert(current.status === 200, `GET /dashboard/userSettings answered ${current.status}`)
  const userSettings = { ...(current.data.userSettings ?? {}), 'lookAndFeel:theme': theme }
  const saved = await apiFromPage(page, 'POST', '/dashboard/userSettings', { userSettings })
  assert(saved.status >= 200 && saved.status < 300, `POST /dashboard/userSettings answered ${saved.status}`)
}
