/**
 * Hiba bejelentése (issue 11): with the preview setting on, a student files a bug report from DiákKezdőlap while the
 * network is cut. It waits in the outbox ('Elküldésre vár'), nothing reaches the server, and once the network is back
 * it arrives exactly once and shows in the administrators' Hibabejelentések list.
 */
import type { BugReportsResponse } from '@contract/api'
import { apiGet, apiSession } from '../api'
import {
  goOffline,
  goOnline,
  login,
  openApp,
  openScreen,
  waitForCachedApi,
  waitForServiceWorkerControl,
} from '../app'
import { axeProblems } from '../axe'
import { expect, test } from '../fixtures'

test('a bug report filed offline by a student arrives once and shows in the administrators’ list', async ({
  page,
  context,
  net,
  account,
  newContext,
  serverUrl,
  runId,
}) => {
  test.setTimeout(180_000)
  const student = account('bugStudent')
  const admin = await apiSession(serverUrl, account('auditAdmin'))
  const text = `A térkép nem töltődik be (${runId}, ${test.info().retry})`
  const filed = async () =>
    (await apiGet<BugReportsResponse>(admin, '/bug-reports')).bugReports.filter((r) => r.message === text)

  await openApp(page)
  await page.evaluate(() =>
    localStorage.setItem('localSettings', JSON.stringify({ 'featurePreview:builtinTicketForm': true })),
  )
  await waitForServiceWorkerControl(page)
  await login(page, student)
  await waitForServiceWorkerControl(page)
  await waitForCachedApi(page, /^\/api\/dashboard\/?$/)

  await goOffline(net, context)
  await page.getByRole('button', { name: 'Hiba bejelentése' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Hiba bejelentése' })
  await dialog.getByLabel('Mi történt?').fill(text)
  await expect(dialog.getByLabel('Melyik képernyőn?')).not.toHaveValue('')
  expect(await axeProblems(page, 'Hiba bejelentése')).toEqual([])
  await dialog.getByRole('button', { name: 'Küldés' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('Elküldésre vár').first()).toBeVisible()
  expect(await filed(), 'nothing reached the server while offline').toEqual([])

  await goOnline(net, context)
  await expect(page.getByText('Elküldésre vár')).toHaveCount(0, { timeout: 30_000 })
  const arrived = await filed()
  expect(arrived).toHaveLength(1)
  expect(arrived[0]).toMatchObject({ username: student.username, doneAt: null })

  // The administrators' list shows it.
  const adminPage = await (await newContext()).newPage()
  await openApp(adminPage)
  await login(adminPage, account('auditAdmin'))
  await openScreen(adminPage, 'Hibabejelentések', 'Hibabejelentések')
  await expect(adminPage.getByText(text)).toHaveCount(1)
  expect(await axeProblems(adminPage, 'Hibabejelentések')).toEqual([])
})
