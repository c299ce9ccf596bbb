/**
 * A teacher finds a student by typing the name without accents, opens 'Jelszó módosítása', saves a new password and
 * sees the success toast; the student then signs in with it in a fresh context.
 */
import {
  login,
  openStudents,
  sidebarEntry,
  studentHome,
  studentRow,
  studentSearchBox,
  waitForApi,
} from '../app'
import { ALL_STUDENTS, FIRST_STUDENT } from '../accounts'
import { expect, test } from '../fixtures'

test("a teacher finds a student without accents and changes the student's password", async ({
  page,
  account,
  newContext,
  runId,
}) => {
  const teacher = account('searcher')
  const student = account('resetStudent')
  const newPassword = `Uj-jelszo-${runId}`

  await login(page, teacher)
  await openStudents(page)
  // The full list first: every seeded student is counted.
  await expect(studentRow(page, FIRST_STUDENT.name)).toBeVisible()
  await expect(page.getByText(`${ALL_STUDENTS.length} diák`, { exact: true })).toBeVisible()

  // 'Gyöngyösi Örs Ábel' typed as plain ASCII: the search ignores accents.
  await studentSearchBox(page).fill('gyongyosi ors')
  const row = studentRow(page, student.name)
  await expect(row).toBeVisible()
  await expect(studentRow(page, FIRST_STUDENT.name)).toBeHidden()
  await expect(row).toContainText(student.username)

  await row.getByRole('button', { name: 'Jelszó módosítása' }).click()
  const input = page.getByPlaceholder('Add meg az új jelszót...')
  await input.fill(newPassword)
  const saved = waitForApi(page, 'POST', /^\/students\/password$/)
  await page.getByRole('button', { name: 'Mentés', exact: true }).click()
  const response = await saved
  expect(response.ok(), `POST /api/students/password answered ${response.status()}`).toBe(true)
  // The password was sent for the chosen student.
  expect(response.request().postDataJSON()).toMatchObject({ username: student.username })
  await expect(page.getByText('Jelszó sikeresen megváltoztatva.')).toBeVisible()
  await expect(input).toBeHidden()

  // The student, on another device: the new password works and the student home shows, without Diákok.
  const studentPage = await (await newContext()).newPage()
  await login(studentPage, { ...student, password: newPassword })
  await expect(studentHome(studentPage)).toBeVisible()
  await expect(sidebarEntry(studentPage, 'Diákok')).toHaveCount(0)
})
