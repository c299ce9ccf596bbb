/**
 * Offline: a teacher loads Diákok online; once the service worker controls the page and the students answer is
 * cached, the network is cut (for real, at the proxy, and in the browser), the page reloads, and the student list
 * is still there with the offline marker. Back online, the marker goes away. And on a first visit, what the page
 * loaded before the worker took control is cached once it does.
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
