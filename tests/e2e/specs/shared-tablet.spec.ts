/**
 * Shared tablet: teacher A loads Diákok (cached by the service worker), signs out with 'Kijelentkezés'; teacher B,
 * then a student, sign in on the SAME browser profile. Neither online nor offline can any of the previous user's
 * API data be found: not in Cache Storage, not in IndexedDB, not in web storage, not on screen.
 */
import type { Page } from '@playwright/test'
import {
  cachedApiEntries,
  goOffline,
  goOnline,
  indexedDbDump,
  login,
  logout,
  openApp,
  openStudents,
  sidebarEntry,
  studentHome,
  studentRow,
  waitForCachedApi,
  waitForServiceWorkerControl,
  waitForShell,
} from '../app'
import { FIRST_STUDENT, STUDENTS, type Account } from '../accounts'
import { expect, test } from '../fixtures'

/** Fails when anything stored in the browser still mentions one of `traces`. */
async function expectNoTraces(page: Page, who: string, traces: string[], when: string) {
  const entries = await cachedApiEntries(page)
  const idb = await indexedDbDump(page)
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  )
  for (const trace of traces) {
    const cached = entries
      .filter((e) => e.body.includes(trace) || e.url.includes(trace))
      .map((e) => `${e.cache} ${e.url}`)
    expect(cached, `${when}: ${who}'s data ('${trace}') in Cache Storage`).toEqual([])
    expect(idb, `${when}: ${who}'s data ('${trace}') in IndexedDB`).not.toContain(trace)
    expect(storage, `${when}: ${who}'s data ('${trace}') in web storage`).not.toContain(trace)
  }
}

async function signOutAndCheck(page: Page, who: Account) {
  await logout(page)
  expect(await page.evaluate(() => localStorage.getItem('token')), 'the token after Kijelentkezés').toBeNull()
  await expectNoTraces(page, who.username, [who.username, who.name], `after ${who.username} signed out`)
}

test('no trace of the previous user on a shared tablet, online and offline', async ({
  page,
  context,
  net,
  account,
}) => {
  test.setTimeout(120_000)
  const teacherA = account('tabletTeacher')
  const teacherB = account('tabletTeacher2')
  const student = account('tabletStudent')
  const aStudentName = FIRST_STUDENT.name

  // Teacher A: students loaded and cached.
  await openApp(page)
  await waitForServiceWorkerControl(page)
  await login(page, teacherA)
  await openStudents(page)
  await expect(studentRow(page, aStudentName)).toBeVisible()
  await waitForCachedApi(page, /^\/api\/students\/?$/)
  await waitForCachedApi(page, /^\/api\/dashboard\/?$/)
  const cachesOfA = (await cachedApiEntries(page)).map((e) => e.cache)
  await signOutAndCheck(page, teacherA)

  // Teacher B on the same profile: own data only, online and offline.
  await login(page, teacherB)
  await openStudents(page)
  await expect(studentRow(page, aStudentName)).toBeVisible()
  await waitForCachedApi(page, /^\/api\/students\/?$/)
  await expectNoTraces(page, teacherA.username, [teacherA.username, teacherA.name], 'teacher B online')
  const cachesOfB = (await cachedApiEntries(page)).map((e) => e.cache)
  expect(
    cachesOfA.filter((c) => cachesOfB.includes(c)),
    "teacher A's caches used by teacher B",
  ).toEqual([])
  await goOffline(net, context)
  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await expect(page.getByText(teacherA.name)).toHaveCount(0)
  await expectNoTraces(page, teacherA.username, [teacherA.username, teacherA.name], 'teacher B offline')
  await goOnline(net, context)
  await waitForShell(page)
  await signOutAndCheck(page, teacherB)

  // A student: no staff data at all, online and offline.
  await login(page, student)
  await expect(studentHome(page)).toBeVisible()
  const staffTraces = [
    teacherA.username,
    teacherA.name,
    teacherB.username,
    teacherB.name,
    aStudentName,
    STUDENTS[5].name,
  ]
  await expect(sidebarEntry(page, 'Diákok')).toHaveCount(0)
  await expectNoTraces(page, 'the teachers', staffTraces, 'student online')
  const studentsCached = (await cachedApiEntries(page)).filter((e) => /\/api\/students/.test(e.url))
  expect(studentsCached, 'a students answer cached for the student').toEqual([])
  await goOffline(net, context)
  await page.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(page)
  await expect(studentHome(page)).toBeVisible()
  await expect(sidebarEntry(page, 'Diákok')).toHaveCount(0)
  for (const name of [aStudentName, teacherA.name, teacherB.name]) {
    await expect(page.getByText(name), `offline, '${name}' on the student's screen`).toHaveCount(0)
  }
  await expectNoTraces(page, 'the teachers', staffTraces, 'student offline')
  // No students request of the student may be answered from a cache.
  const body = await page.evaluate(async () => {
    try {
      const r = await fetch('/api/students/', {
        headers: { Authorization: localStorage.getItem('token') ?? '' },
      })
      return `${r.status} ${await r.text()}`
    } catch (error) {
      return `network error ${String(error)}`
    }
  })
  expect(body, "offline, the student's request for /api/students/").not.toContain(aStudentName)
})
