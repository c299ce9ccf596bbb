/**
 * The bench's ways into the app, shared by its suites and scripts (the one way of each): an account made with the
 * users CLI (`addAccount`), an API login (`login` timed, `apiToken` for a session token) and a sign-in through the
 * login form (`signIn`, or `signedInPage` for a fresh desktop browser context with a signed-in page).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { usersCli } from '../support/server'

/** Who signs in: the shared bench teacher, or an account a suite made with the users CLI. */
export interface Account {
  username: string
  password: string
}

/** Adds `account` to the (stopped) server's DATA_DIR with the users CLI (`users add`). */
export async function addAccount(
  dataDir: string,
  type: 'admin' | 'teacher' | 'student',
  account: Account & { name: string },
) {
  await usersCli(dataDir, [
    'add',
    '--type',
    type,
    '--name',
    account.name,
    '--username',
    account.username,
    '--password',
    account.password,
  ])
}

/** POST /api/auth/login, timed: its token (null when refused) and status. */
export async function login(
  url: string,
  username: string,
  password: string,
): Promise<{ ms: number; token: string | null; status: number }> {
  const t = performance.now()
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const body = (await response.json().catch(() => ({}))) as { Token?: string }
  return { ms: performance.now() - t, token: body.Token ?? null, status: response.status }
}

/** A session token for `account`; throws naming the account and the answer's status when the login is refused. */
export async function apiToken(url: string, account: Account): Promise<string> {
  const { token, status } = await login(url, account.username, account.password)
  if (!token) throw new Error(`sign-in as ${account.username} answered ${status}`)
  return token
}

/**
 * Signs `account` in through the login form and waits for the main menu. `localSettings` is stored in the page
 * before (the device settings: e.g. a feature preview).
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  account: Account,
  localSettings?: Record<string, unknown>,
) {
  await page.goto(`${baseUrl}/`)
  if (localSettings)
    await page.evaluate(
      (settings) => localStorage.setItem('localSettings', JSON.stringify(settings)),
      localSettings,
    )
  await page.getByLabel('Felhasználónév', { exact: true }).fill(account.username)
  await page.getByLabel('Jelszó', { exact: true }).fill(account.password)
  await page.getByLabel('Jelszó', { exact: true }).press('Enter')
  await mainMenu(page)
    .getByRole('button', { name: 'Kijelentkezés', exact: true })
    .waitFor({ timeout: 60_000 })
}

/**
 * A new 1280×800 browser context with a page signed in as `account` (service workers blocked unless asked for);
 * the caller closes the context. A failed sign-in closes it and throws.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  account: Account,
  options: { serviceWorkers?: 'allow' | 'block'; localSettings?: Record<string, unknown> } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: options.serviceWorkers ?? 'block',
  })
  try {
    const page = await context.newPage()
    await signIn(page, baseUrl, account, options.localSettings)
    return { context, page }
  } catch (error) {
    await context.close()
    throw error
  }
}

/** The sidebar's navigation (Főmenü). */
export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Főmenü' })
}

export async function openStudents(page: Page) {
  await mainMenu(page).getByRole('button', { name: 'Diákok', exact: true }).click()
  await page
    .getByRole('row')
    .filter({ hasText: /s0\d{4}/ })
    .first()
    .waitFor({ timeout: 60_000 })
}
