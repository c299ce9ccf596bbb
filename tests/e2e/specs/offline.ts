/**
 * (d) Offline: a teacher loads Diákok online; once the service worker controls the page and the students
 * answer is cached, the network is cut (for real, at the proxy, and in the browser), the page reloads, and
 * the student list is still there with the offline marker. Back online, the marker goes away.
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
import { assert, type Spec } from '../harness'

const spec: Spec = {
  name: 'offline',
  async run(ctx) {
    const { page, context, users } = ctx
    await openApp(page, ctx)
    await waitForServiceWorkerControl(page)
    await login(page, ctx, users.offline)
    await waitForServiceWorkerControl(page)
    await openStudents(page)
    await studentRow(page, FIRST_STUDENT.name).waitFor({ state: 'visible' })
    const cached = await waitForCachedApi(page, /^\/api\/students\/?$/)
    ctx.log(`students cached in ${cached.cache}`)
    assert(cached.body.includes(FIRST_STUDENT.name), 'the cached students answer holds the list')
    await waitForCachedApi(page, /^\/api\/dashboard\/?$/)

    await goOffline(ctx, context)
    await page.reload({ waitUntil: 'domcontentloaded' })
    await waitForShell(page)
    await openStudents(page)
    await studentRow(page, FIRST_STUDENT.name).waitFor({ state: 'visible' })
    await offlineMarker(page).waitFor({ state: 'visible' })
    assert(
      !(await page.getByText('Hiba történt a diákok betöltése közben.').isVisible()),
      'offline shows cached data, not the load error',
    )
    assert((await cachedApiEntries(page)).length > 0, 'the API cache survived the reload')

    await goOnline(ctx, context)
    await offlineMarker(page).waitFor({ state: 'hidden', timeout: 20_000 })
  },
}
export default spec
