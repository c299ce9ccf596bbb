/**
 * Felhasználók (issue 11), end to end: the administrator creates a teacher (the one-time password is shown once),
 * imports ten students from an .xlsx built here, and gives the teacher Rendszernapló (`viewAuditLog`) for this week
 * only. The teacher signs in with the one-time password in a browser of their own, must set an own password, then
 * sees Rendszernapló in the menu. The administrator disables the teacher, and the teacher's open page is sent back
 * to the login screen at its next request. axe on the screen and on every dialog it opens (light; the screen and
 * the Funkciók dialog in dark too).
 *
 * Usernames carry the try's runId: a retry runs against the same server, where the first try's accounts remain.
 */
import type { Page } from '@playwright/test'
import * as XLSX from 'xlsx'
import { USERS_MESSAGES } from '@contract/api'
import { dayInZone } from '@contract/features'
import { PASSWORD_MESSAGES } from '@contract/password-rule'
import { apiGet, apiSession } from '../api'
import {
  expectTheme,
  login,
  loginHeading,
  logoutEntry,
  openApp,
  openScreen,
  passwordField,
  setThemeViaApi,
  sidebarEntry,
  usernameField,
  waitForApi,
  waitForShell,
} from '../app'
import { axeProblems } from '../axe'
import { expect, test } from '../fixtures'

const OWN_PASSWORD = 'Tavaszi-szel-a-Tisza-partjan-23'

/** Monday and Sunday (YYYY-MM-DD) of the week of today in Budapest. */
function thisWeek(): { start: string; end: string } {
  const today = new Date(`${dayInZone(new Date())}T00:00:00Z`)
  const fromMonday = (today.getUTCDay() + 6) % 7
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
  return { start: day(-fromMonday), end: day(6 - fromMonday) }
}

/** An .xlsx with the columns the import reads (type, name, username; no password: the server generates them). */
function studentsWorkbook(students: { name: string; username: string }[]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['type', 'name', 'username'],
    ...students.map((s) => ['student', s.name, s.username]),
  ])
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, 'Diákok')
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
}

/** Filters the Felhasználók list to `username` and returns its row. */
async function userRow(page: Page, username: string) {
  await page.getByRole('searchbox', { name: 'Keresés név vagy felhasználónév alapján' }).fill(username)
  const row = page.getByRole('table', { name: 'Felhasználók' }).getByRole('row').filter({ hasText: username })
  await expect(row).toHaveCount(1)
  return row
}

async function rowAction(page: Page, username: string, name: string, action: string) {
  const row = await userRow(page, username)
  await row.getByRole('button', { name: `Műveletek: ${name}` }).click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}

test('an administrator creates, imports, grants this week, and disables; the teacher follows along', async ({
  page,
  account,
  newContext,
  serverUrl,
  runId,
}) => {
  test.setTimeout(420_000)
  const admin = account('usersAdmin')
  const tag = `${runId}${test.info().retry}`
  const teacher = { name: `Új Tanár ${tag}`, username: `tanar.uj.${tag}` }
  const students = Array.from({ length: 10 }, (_, i) => ({
    name: `Importált Diák ${tag} ${String(i + 1).padStart(2, '0')}`,
    username: `diak.imp.${tag}.${i + 1}`,
  }))

  await login(page, admin)
  await openScreen(page, 'Felhasználók', 'Felhasználók')
  await expect(page.getByRole('table', { name: 'Felhasználók' }).getByRole('row').nth(1)).toBeVisible()
  expect(await axeProblems(page, 'Felhasználók')).toEqual([])

  // --- a teacher, with a one-time password shown once --------------------------------------------------------
  await page.getByRole('button', { name: 'Új felhasználó', exact: true }).click()
  const createDialog = page.getByRole('dialog', { name: 'Új felhasználó' })
  await expect(createDialog).toBeVisible()
  expect(await axeProblems(page, 'Új felhasználó dialog')).toEqual([])
  await createDialog.getByLabel('Név', { exact: true }).fill(teacher.name)
  await createDialog.getByLabel('Felhasználónév', { exact: true }).fill(teacher.username)
  await createDialog.getByLabel('Típus', { exact: true }).selectOption('teacher')
  await createDialog.getByRole('button', { name: 'Létrehozás' }).click()

  const slip = page.getByRole('dialog', { name: 'Felhasználó létrehozva' })
  await expect(slip).toBeVisible()
  await expect(slip).toContainText(teacher.username)
  const oneTime = (await slip.getByTestId('one-time-password').textContent())?.trim() ?? ''
  expect(oneTime.length).toBeGreaterThanOrEqual(8)
  expect(await axeProblems(page, 'one-time password dialog')).toEqual([])
  await slip.getByRole('button', { name: 'Kész' }).click()
  await expect(slip).toHaveCount(0)
  await expect(page.getByText(oneTime)).toHaveCount(0)
  await expect(await userRow(page, teacher.username)).toContainText('Aktív')

  // --- ten students from an .xlsx ----------------------------------------------------------------------------
  await page.getByRole('button', { name: 'Importálás', exact: true }).click()
  const importDialog = page.getByRole('dialog', { name: 'Felhasználók importálása' })
  await expect(importDialog).toBeVisible()
  expect(await axeProblems(page, 'Felhasználók importálása dialog')).toEqual([])
  await importDialog.getByLabel('Importálandó fájl (.xlsx vagy .csv)').setInputFiles({
    name: `diakok-${tag}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: studentsWorkbook(students),
  })
  await expect(importDialog.getByText('10 új, 0 már létezik, 0 hibás sor.')).toBeVisible()
  await expect(importDialog.getByRole('table', { name: 'Import előnézet' }).getByRole('row')).toHaveCount(11)
  expect(await axeProblems(page, 'import preview')).toEqual([])
  await importDialog.getByRole('button', { name: 'Importálás', exact: true }).click()
  // The server hashes ten generated passwords at the production cost first: on a loaded machine that takes a while.
  const createdTable = importDialog.getByRole('table', { name: 'Létrehozott felhasználók' })
  await expect(createdTable.getByRole('row')).toHaveCount(11, { timeout: 180_000 })
  for (const student of students) await expect(createdTable).toContainText(student.username)
  expect(await axeProblems(page, 'import result')).toEqual([])
  await importDialog.getByRole('button', { name: 'Kész' }).click()
  await expect(importDialog).toHaveCount(0)

  const api = await apiSession(serverUrl, admin)
  const listed = await apiGet<{ users: { username: string; type: string }[] }>(api, '/users')
  const imported = listed.users.filter((u) => u.username.startsWith(`diak.imp.${tag}.`))
  expect(imported.map((u) => u.type)).toEqual(Array(10).fill('student'))

  // --- Rendszernapló for the teacher, this week only ---------------------------------------------------------
  const week = thisWeek()
  await rowAction(page, teacher.username, teacher.name, 'Funkciók')
  const featuresDialog = page.getByRole('dialog', { name: `Funkciók: ${teacher.name}` })
  await expect(featuresDialog.getByLabel('Felülbírálás: Rendszernapló')).toBeVisible({ timeout: 20_000 })
  await expect(featuresDialog.getByLabel('Rendszernapló: inaktív')).toBeVisible()
  expect(await axeProblems(page, 'Funkciók dialog')).toEqual([])
  await featuresDialog.getByLabel('Felülbírálás: Rendszernapló').selectOption('on')
  await featuresDialog.getByLabel('Kezdő dátum: Rendszernapló').fill(week.start)
  await featuresDialog.getByLabel('Záró dátum: Rendszernapló').fill(week.end)
  await expect(featuresDialog.getByLabel('Rendszernapló: aktív')).toBeVisible()
  await featuresDialog.getByRole('button', { name: 'Mentés' }).click()
  await expect(page.getByText(USERS_MESSAGES.featuresSaved)).toBeVisible()
  await expect(featuresDialog).toHaveCount(0)

  // --- the teacher: one-time password, own password, Rendszernapló ------------------------------------------
  const teacherPage = await (await newContext()).newPage()
  await openApp(teacherPage)
  await usernameField(teacherPage).fill(teacher.username)
  await passwordField(teacherPage).fill(oneTime)
  await passwordField(teacherPage).press('Enter')
  const ownForm = teacherPage.getByRole('form', { name: 'Saját jelszó beállítása' })
  await expect(ownForm).toBeVisible({ timeout: 30_000 })
  await expect(logoutEntry(teacherPage)).toHaveCount(0)
  await ownForm.getByLabel('Új jelszó', { exact: true }).fill(OWN_PASSWORD)
  await ownForm.getByLabel('Új jelszó még egyszer', { exact: true }).fill(OWN_PASSWORD)
  await ownForm.getByRole('button', { name: 'Jelszó beállítása' }).click()
  await expect(
    teacherPage.getByRole('status').filter({ hasText: PASSWORD_MESSAGES.changedOthersEnded }),
  ).toBeVisible()
  await waitForShell(teacherPage)
  await expect(sidebarEntry(teacherPage, 'Rendszernapló')).toBeVisible()
  await expect(sidebarEntry(teacherPage, 'Felhasználók')).toHaveCount(0)
  await openScreen(teacherPage, 'Rendszernapló', 'Rendszernapló')

  // --- the administrator disables the teacher; the teacher's next request ends on the login screen ----------
  await rowAction(page, teacher.username, teacher.name, 'Letiltás')
  const confirm = page.getByRole('alertdialog', { name: 'Felhasználó letiltása' })
  await expect(confirm).toBeVisible()
  expect(await axeProblems(page, 'Felhasználó letiltása confirmation')).toEqual([])
  await confirm.getByRole('button', { name: 'Letiltás', exact: true }).click()
  await expect(page.getByText(USERS_MESSAGES.disabled)).toBeVisible()
  await expect(await userRow(page, teacher.username)).toContainText('Letiltva')

  // The teacher's next request: a search in Rendszernapló (GET /auditlog) finds the session gone.
  const refusedSearch = waitForApi(teacherPage, 'GET', /^\/auditlog$/)
  await teacherPage.getByRole('searchbox', { name: 'Keresés a naplóban' }).fill('letiltva')
  expect((await refusedSearch).status()).toBe(401)
  await expect(loginHeading(teacherPage)).toBeVisible({ timeout: 30_000 })

  // A disabled account cannot sign in again, with the own password either.
  const refused = await fetch(`${serverUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: teacher.username, password: OWN_PASSWORD }),
  })
  expect(refused.status).not.toBe(200)

  // The administrator's own session is untouched; the screen and its first dialog in the dark theme pass axe too.
  const darkPage = await (await newContext()).newPage()
  await login(darkPage, admin)
  await setThemeViaApi(darkPage, 'dark')
  await darkPage.reload({ waitUntil: 'domcontentloaded' })
  await waitForShell(darkPage)
  await expectTheme(darkPage, 'dark')
  await openScreen(darkPage, 'Felhasználók', 'Felhasználók')
  await expect(darkPage.getByRole('table', { name: 'Felhasználók' }).getByRole('row').nth(1)).toBeVisible()
  expect(await axeProblems(darkPage, 'Felhasználók (dark)')).toEqual([])
  await rowAction(darkPage, teacher.username, teacher.name, 'Funkciók')
  const darkFeatures = darkPage.getByRole('dialog', { name: `Funkciók: ${teacher.name}` })
  await expect(darkFeatures.getByLabel('Rendszernapló: aktív')).toBeVisible({ timeout: 20_000 })
  expect(await axeProblems(darkPage, 'Funkciók dialog (dark)')).toEqual([])
})
