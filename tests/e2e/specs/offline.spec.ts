/**
 * Offline: a teacher loads Diákok online; once the service worker controls the page and the students answer is
 * cached, the network is cut (for real, at the proxy, and in the browser), the page reloads, and the student list
 * is still there with the offline marker. Back online, the marker goes away. Before that, a second online visit
 * asks the server with the cached copy's ETag and is answered 304 (issue 21), the list still shown. And on a first
 * visit, what the page loaded before the worker took control is cached once it does.
 */
import {
  cachedApiEntries,
  goOffline,
  goOnline,
  login,
  offlineMarker,
  openApp,
  openStudents,
  studentRow,
  waitForCachedApi,
  waitForServiceWorkerControl,
  waitForShell,
} from '../app'
import { FIRST_STUDENT } from '../accounts'
import { expect, test } from '../fixtures'

test('Diákok loaded online is shown offline after a reload, with the offline marker', async ({
  page,
  context,
  net,
  account,
}) => {
  await openApp(page)
  await waitForServiceWorkerControl(page)
  await login(page, account('offline'))
  await waitForServiceWorkerControl(page)
  await openStudents(page)
  await expect(studentRow(page, FIRST_STUDENT.name)).toBeVisible()
  const cached = await waitForCachedApi(page, /^\/api\/students\/?$/)
  expect(cached.body, 'the cached students answer holds the list').toContain(FIRST_STUDENT.name)
  await waitForCachedApi(page, /^\/api\/dashboard\/?$/)

  // A second visit online: the worker asks with the cached copy's ETag and the server answers 304 (seen on the
  // worker's own request); the page shows the cached list. Another spec may change the list meanwhile: then the
  // answer is a 200 with another ETag, never a 200 with the ETag the worker already has.
  const asked: { sent: string | null; status: number; etag: string | null }[] = []
  context.on('response', async (response) => {
    const request = response.request()
    if (!request.serviceWorker() || !/\/api\/students\/?$/.test(new URL(request.url()).pathname)) return
    const [sent, etag] = await Promise.all([
      request.headerValue('if-none-match'),
      response.headerValue('etag'),
    ])
    asked.push({ sent, status: response.status(), etag })
  })
  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await openStudents(page)
  await expect(studentRow(page, FIRST_STUDENT.name)).toBeVisible()
  await expect.poll(() => asked.length, { message: 'the worker asks the server again' }).toBeGreaterThan(0)
  for (const { sent, status, etag } of asked) {
    expect(sent, 'the worker sends the cached copy’s ETag').toMatch(/^"/)
    if (status !== 304) expect(etag, `a ${status} only for a changed list`).not.toBe(sent)
  }

  await goOffline(net, context)
  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await openStudents(page)
  await expect(studentRow(page, FIRST_STUDENT.name)).toBeVisible()
  await expect(offlineMarker(page)).toBeVisible()
  // Offline shows the cached data, not the load error.
  await expect(page.getByText('Hiba történt a diákok betöltése közben.')).toHaveCount(0)
  expect((await cachedApiEntries(page)).length, 'the API cache survived the reload').toBeGreaterThan(0)

  await goOnline(net, context)
  await expect(offlineMarker(page)).toBeHidden({ timeout: 20_000 })
})

test('a first visit: what was loaded before the service worker took control is cached once it does', async ({
  page,
  context,
  net,
  account,
}) => {
  // A teacher who signs in at once on a fresh device: the worker registers when the page is idle, so the sign-in's
  // answers (dashboard, settings, the prefetched list) go past it.
  await openApp(page)
  await login(page, account('firstVisit'))
  await openStudents(page)
  await expect(studentRow(page, FIRST_STUDENT.name)).toBeVisible()
  await waitForServiceWorkerControl(page)
  // No reload and no other screen: the app fetches what it has again through the worker.
  await waitForCachedApi(page, /^\/api\/dashboard\/?$/)
  await waitForCachedApi(page, /^\/api\/students\/?$/)

  await goOffline(net, context)
  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await expect(page.getByText('Nem sikerült betölteni a jogosultságokat.', { exact: false })).toHaveCount(0)
  await openStudents(page)
  await expect(studentRow(page, FIRST_STUDENT.name)).toBeVisible()
  await expect(offlineMarker(page)).toBeVisible()
  await goOnline(net, context)
})
