/**
 * Kijelentkezés while an answer is still on its way (shared tablets, DESIGN §5): a teacher's Diákok is cached; on a
 * reload the worker's request for `/api/students/` (the app asks for the kept list at start) gets the server's 200 (given before the sign-out revokes the
 * token) but it is held back until after the wipe, so the worker shows the cached copy at its deadline and the late
 * answer arrives on the login screen (the background revalidation of sw/api-strategy.ts). The worker announces that
 * answer (API_CACHE_UPDATED: its handling is over); by then Cache Storage must hold no `api-*` cache and neither
 * Cache Storage nor IndexedDB anything of the teacher.
 */
import {
  cachedApiEntries,
  indexedDbDump,
  login,
  logout,
  openApp,
  openStudents,
  studentRow,
  waitForCachedApi,
  waitForServiceWorkerControl,
} from '../app'
import { FIRST_STUDENT } from '../accounts'
import { expect, test } from '../fixtures'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((res) => (resolve = res))
  return { promise, resolve }
}

test('an answer still on its way at Kijelentkezés leaves nothing of the teacher on the device', async ({
  page,
  context,
  account,
}) => {
  test.setTimeout(120_000)
  const teacher = account('tabletTeacher')

  await openApp(page)
  await waitForServiceWorkerControl(page)
  await login(page, teacher)
  await openStudents(page)
  await expect(studentRow(page, FIRST_STUDENT.name)).toBeVisible()
  await waitForCachedApi(page, /^\/api\/students\/?$/)

  // The worker's next students request: the server's full answer now, handed to the worker only when released.
  const answered = deferred()
  const release = deferred()
  let holding = false
  await context.route(/\/api\/students\/?$/, async (route) => {
    if (!route.request().serviceWorker() || holding) return route.fallback()
    holding = true
    const headers = { ...route.request().headers() }
    delete headers['if-none-match']
    const response = await route.fetch({ headers })
    expect(response.status(), 'the server’s answer before the sign-out').toBe(200)
    answered.resolve()
    await release.promise
    // Another ETag than the cached copy's: the worker announces the answer once it has handled it.
    await route.fulfill({ response, headers: { ...response.headers(), etag: '"kesoi-valasz"' } })
  })
  await page.reload({ waitUntil: 'domcontentloaded' })
  await answered.promise
  // The app asks for the list at start (Diákok is a kept list): the worker shows the cached copy at its deadline.
  await openStudents(page)
  await expect(studentRow(page, FIRST_STUDENT.name)).toBeVisible()

  await logout(page)
  await page.evaluate(() => {
    const seen: string[] = []
    Object.assign(window, { announcedPaths: seen })
    navigator.serviceWorker.addEventListener(
      'message',
      (event: MessageEvent<{ type?: string; path?: string }>) => {
        if (event.data.type === 'API_CACHE_UPDATED') seen.push(event.data.path ?? '')
      },
    )
  })
  release.resolve()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { announcedPaths: string[] }).announcedPaths), {
      message: 'the late answer handled by the worker',
    })
    .toContain('/students/')

  const apiCaches = await page.evaluate(async () =>
    (await caches.keys()).filter((name) => name.startsWith('api-')),
  )
  expect(apiCaches, 'API caches after Kijelentkezés and the late answer').toEqual([])
  const entries = await cachedApiEntries(page)
  const idb = await indexedDbDump(page)
  for (const trace of [FIRST_STUDENT.name, teacher.name, teacher.username]) {
    expect(
      entries.filter((entry) => entry.body.includes(trace)).map((entry) => `${entry.cache} ${entry.url}`),
      `'${trace}' in Cache Storage`,
    ).toEqual([])
    expect(idb, `'${trace}' in IndexedDB`).not.toContain(trace)
  }
})
