/**
 * (e) Shared tablet: teacher A loads Diákok (cached by the service worker), signs out with 'Kijelentkezés';
 * teacher B, then a student, sign in on the SAME browser profile. Neither online nor offline can any of the
 * previous user's API data be found: not in Cache Storage, not in IndexedDB, not on screen.
 */
import type { Page } from 'playwright-core'
import {
  cachedApiEntries,
  goOffline,
  goOnline,
  indexedDbDump,
  login,
  logout,
  openStudents,
  openApp,
  sidebarEntry,
  studentHome,
  studentRow,
  waitForCachedApi,
  waitForServiceWorkerControl,
  waitForShell,
} from '../app'
import type { Account } from '../accounts'
import { FIRST_STUDENT, STUDENTS } from '../accounts'
import { assert, type SpecContext, type Spec } from '../harness'

/** Fails when anything stored in the browser still mentions one of `traces`. */
async function assertNoTraces(page: Page, ctx: SpecContext, who: string, traces: string[], when: string) {
  const entries = await cachedApiEntries(page)
  const idb = await indexedDbDump(page)
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
  ctx.log(`${when}: ${entries.length} cached API entries (${entries.map((e) => new URL(e.url).pathname).join(', ')})`)
  for (const trace of traces) {
    const cached = entries.find((e) => e.body.includes(trace) || e.url.includes(trace))
    assert(!cached, `${when}: ${who}'s data ('${trace}') is still cached in ${cached?.cache} (${cached?.url})`)
    assert(!idb.includes(trace), `${when}: ${who}'s data ('${trace}') is still in IndexedDB`)
    assert(!storage.includes(trace), `${when}: ${who}'s data ('${trace}') is still in web storage`)
  }
}

async function signOutAndCheck(page: Page, ctx: SpecContext, who: Account) {
  await logout(page)
  assert(!(await page.evaluate(() => localStorage.getItem('token'))), 'the token is gone after Kijelentkezés')
  await assertNoTraces(page, ctx, who.username, [who.username, who.name], `after ${who.username} signed out`)
}

const spec: Spec = {
  name: 'shared-tablet',
  timeout: 120,
  async run(ctx) {
    const { page, context, users } = ctx
    const teacherA = users.tabletTeacher
    const teacherB = users.tabletTeacher2
    const student = users.tabletStudent
    const aStudentName = FIRST_STUDENT.name

    // Teacher A: students loaded and cached.
    await openApp(page, ctx)
    await waitForServiceWorkerControl(page)
    await login(page, ctx, teacherA)
    await openStudents(page)
    await studentRow(page, aStudentName).waitFor({ state: 'visible' })
    await waitForCachedApi(page, /^\/api\/students\/?$/)
    await waitForCachedApi(page, /^\/api\/dashboard\/?$/)
    const cachesOfA = (await cachedApiEntries(page)).map((e) => e.cache)
    await signOutAndCheck(page, ctx, teacherA)

    // Teacher B on the same profile: own data only, online and offline.
    await login(page, ctx, teacherB)
    await openStudents(page)
    await studentRow(page, aStudentName).waitFor({ state: 'visible' })
    await waitForCachedApi(page, /^\/api\/students\/?$/)
    await assertNoTraces(page, ctx, teacherA.username, [teacherA.username, teacherA.name], 'teacher B online')
    const cachesOfB = new Set((await cachedApiEntries(page)).map((e) => e.cache))
    assert(!cachesOfA.some((c) => cachesOfB.has(c)), 'teacher B uses a cache of teacher A')
    await goOffline(ctx, context)
    await page.reload({ waitUntil: 'domcontentloaded' })
    await waitForShell(page)
    assert(!(await page.getByText(teacherA.name).isVisible()), "teacher A's name is on screen for teacher B")
    await assertNoTraces(page, ctx, teacherA.username, [teacherA.username, teacherA.name], 'teacher B offline')
    await goOnline(ctx, context)
    await waitForShell(page)
    await signOutAndCheck(page, ctx, teacherB)

    // A student: no staff data at all, online and offline.
    await login(page, ctx, student)
    await studentHome(page).waitFor({ state: 'visible' })
    const staffTraces = [teacherA.username, teacherA.name, teacherB.username, teacherB.name, aStudentName, STUDENTS[5].name]
    assert(!(await sidebarEntry(page, 'Diákok').isVisible()), 'the student sees the Diákok entry')
    await assertNoTraces(page, ctx, 'the teachers', staffTraces, 'student online')
    assert(
      !(await cachedApiEntries(page)).some((e) => /\/api\/students/.test(e.url)),
      'a students answer is cached for the student',
    )
    await goOffline(ctx, context)
    await page.reload({ waitUntil: 'domcontentloaded' })
    await waitForShell(page)
    await studentHome(page).waitFor({ state: 'visible' })
    assert(!(await sidebarEntry(page, 'Diákok').isVisible()), 'offline, the student sees the Diákok entry')
    for (const name of [aStudentName, teacherA.name, teacherB.name]) {
      assert(!(await page.getByText(name).first().isVisible()), `offline, '${name}' is on the student's screen`)
    }
    await assertNoTraces(page, ctx, 'the teachers', staffTraces, 'student offline')
    // The student's own session still works offline: no students request may have been answered from a cache.
    const body = await page.evaluate(async () => {
      try {
        const r = await fetch('/api/students/', { headers: { Authorization: localStorage.getItem('token') ?? '' } })
        return `${r.status} ${await r.text()}`
      } catch (error) {
        return `network error ${String(error)}`
      }
    })
    assert(!body.includes(aStudentName), `offline, the student's request for /api/students/ got cached staff data: ${body.slice(0, 200)}`)
  },
}
export default spec
