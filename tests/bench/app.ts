/** The bench's ways into the app, shared by its suites: an API login and the bench teacher's sign-in in a page. */
import type { Page } from 'playwright-core'
import type { ServerContext } from './suite'

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

export async function signIn(page: Page, baseUrl: string, teacher: ServerContext['teacher']) {
  await page.goto(`${baseUrl}/`)
  await page.getByLabel('Felhasználónév', { exact: true }).fill(teacher.username)
  await page.getByLabel('Jelszó', { exact: true }).fill(teacher.password)
  await page.getByLabel('Jelszó', { exact: true }).press('Enter')
  await page
    .getByRole('navigation', { name: 'Főmenü' })
    .getByRole('button', { name: 'Kijelentkezés', exact: true })
    .waitFor({ timeout: 60_000 })
}

export async function openStudents(page: Page) {
  await page
    .getByRole('navigation', { name: 'Főmenü' })
    .getByRole('button', { name: 'Diákok', exact: true })
    .click()
  await page
    .getByRole('row')
    .filter({ hasText: /s0\d{4}/ })
    .first()
    .waitFor({ timeout: 60_000 })
}
