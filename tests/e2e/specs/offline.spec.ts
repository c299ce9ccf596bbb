/**
 * Offline: a teacher loads Diákok online; once the service worker controls the page and the students answer is
 * cached, the network is cut (for real, at the proxy, and in the browser), the page reloads, and the student list
 * is still there with the offline marker. Back online, the marker goes away.
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
