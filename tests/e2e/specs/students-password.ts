/**
 * (b) A teacher finds a student by typing the name without accents, opens 'Jelszó módosítása', saves a new
 * password and sees the success toast; the student then signs in with it in a fresh context.
 */
import {
  login,
  openApp,
  openStudents,
  sidebarEntry,
  studentHome,
  studentRow,
  studentSearchBox,
  waitForApi,
  waitForShell,
} from '../app'
import { ALL_STUDENTS, FIRST_STUDENT } from '../accounts'
import { assert, type Spec } from '../harness'

const spec: Spec = {
  name: 'students-password',
  async run(ctx) {
    const { page, users } = ctx
    const teacher = users.searcher
    const student = users.resetStudent
    const newPassword = `Uj-jelszo-${ctx.runId}`

    await openApp(page, ctx)
    await login(page, ctx, teacher)
    await openStudents(page)
    // The full list first: every seeded student is counted.
    await studentRow(page, FIRST_STUDENT.name).waitFor({ state: 'visible' })
    await page.getByText(`${ALL_STUDENTS.length} diák`).first().waitFor({ state: 'visible' })

    // 'Gyöngyösi Örs Ábel' typed as plain ASCII: the search ignores accents.
    await studentSearchBox(page).fill('gyongyosi ors')
    const row = studentRow(page, student.name)
    await row.waitFor({ state: 'visible' })
    await studentRow(page, FIRST_STUDENT.name).waitFor({ state: 'hidden' })
    assert((await row.textContent())?.includes(student.username), 'the row shows the username')

    await row.getByRole('button', { name: 'Jelszó módosítása' }).click()
    const input = page.getByPlaceholder('Add meg az új jelszót...')
    await input.waitFor({ state: 'visible' })
    await input.fill(newPassword)
    const saved = waitForApi(page, 'POST', /^\/students\/password$/)
    await page.getByRole('button', { name: 'Mentés', exact: true }).click()
    const response = await saved
    assert(response.ok(), `POST /api/students/password answered ${response.status()}`)
    assert(
      (response.request().postDataJSON() as { username?: string }).username === student.username,
      'the password was sent for the chosen student',
    )
    await page.getByText('Jelszó sikeresen megváltoztatva.').first().waitFor({ state: 'visible' })
    await input.waitFor({ state: 'hidden' })

    // The student, on another device: the new password works and the student home shows, without Diákok.
    const other = await ctx.newContext()
    const studentPage = await other.newPage()
    await openApp(studentPage, ctx)
    await login(studentPage, ctx, { ...student, password: newPassword })
    await waitForShell(studentPage)
    await studentHome(studentPage).waitFor({ state: 'visible' })
    assert(!(await sidebarEntry(studentPage, 'Diákok').isVisible()), 'a student sees the Diákok entry')
  },
}
export default spec
