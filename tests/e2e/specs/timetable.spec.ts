/**
 * Munkaidő tervező (issue 10): a teacher with the featurePreview:timetablePlanner setting on creates two classes,
 * reloads and finds them (the plan is in IndexedDB), exports the week as XLSX, empties the plan, imports the file
 * back through the preview and gets the same plan; axe on the grid, the dialog and the import preview. Logging out
 * wipes the plan: the next sign-in on the same browser starts empty.
 */
import type { Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { read, utils } from 'xlsx'
import { axeProblems } from '../axe'
import { login, logout, openApp, openScreen, waitForShell } from '../app'
import { expect, test } from '../fixtures'

const HEADING = 'Órarendtervező'

async function createClass(
  page: Page,
  fields: { name: string; day: string; start: string; end: string; instructor: string },
) {
  await page.getByRole('button', { name: 'Új óra', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Új óra' })
  await expect(dialog.getByLabel('Kezdés')).toHaveValue('32') // 08:00, the spec's default
  await dialog.getByLabel('Óra neve').fill(fields.name)
  await dialog.getByLabel('Nap').selectOption({ label: fields.day })
  await dialog.getByLabel('Kezdés').selectOption({ label: fields.start })
  await dialog.getByLabel('Befejezés').selectOption({ label: fields.end })
  await dialog.getByLabel('Oktató').fill(fields.instructor)
  await dialog.getByRole('button', { name: 'Létrehozás' }).click()
  await expect(page.getByText('Óra sikeresen létrehozva!').first()).toBeVisible()
  await expect(dialog).toHaveCount(0)
}

function block(page: Page, name: string) {
  return page
    .getByRole('region', { name: 'Heti órarend' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
}

test('a teacher plans two classes, finds them after a reload, exports, clears and imports them back', async ({
  page,
  account,
}) => {
  test.setTimeout(120_000)
  const teacher = account('timetableTeacher')
  await openApp(page)
  // The preview as Beállítások would store it: a per-device local setting, kept at login.
  await page.evaluate(() =>
    localStorage.setItem('localSettings', JSON.stringify({ 'featurePreview:timetablePlanner': true })),
  )
  await login(page, teacher)
  await openScreen(page, 'Munkaidő tervező', HEADING)
  await expect(page.getByText('0 óra a tervben')).toBeVisible()
  expect(await axeProblems(page, 'Munkaidő tervező, empty')).toEqual([])

  await createClass(page, {
    name: 'Matematika 9.A',
    day: 'Hétfő',
    start: '08:00',
    end: '09:30',
    instructor: teacher.name,
  })
  await createClass(page, {
    name: '=Fizika 10.B',
    day: 'Hétfő',
    start: '09:00',
    end: '10:00',
    instructor: teacher.name,
  })
  // Same teacher, overlapping: side by side and marked.
  await expect(block(page, 'Matematika 9.A')).toHaveAccessibleName(/Ütközés: Órarendes Orsolya/)
  const boxes = [
    await block(page, 'Matematika 9.A').boundingBox(),
    await block(page, '=Fizika 10.B').boundingBox(),
  ]
  expect(boxes[0]!.x + boxes[0]!.width).toBeLessThanOrEqual(boxes[1]!.x + 1)
  expect(boxes[0]!.height).toBeCloseTo(6 * 16, 0)

  // The 'Új óra' dialog with its validation message, for axe.
  await page.getByRole('button', { name: 'Új óra', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Új óra' })
  await dialog.getByRole('button', { name: 'Létrehozás' }).click()
  await expect(dialog.getByText('Kérlek töltsd ki az összes kötelező mezőt!').first()).toBeVisible()
  expect(await axeProblems(page, 'Munkaidő tervező, Új óra dialog')).toEqual([])
  await dialog.getByRole('button', { name: 'Mégse' }).click()
  await expect(dialog).toHaveCount(0)
  expect(await axeProblems(page, 'Munkaidő tervező with two classes')).toEqual([])

  // The plan is on the device: a reload shows it.
  await page.reload()
  await waitForShell(page)
  await openScreen(page, 'Munkaidő tervező', HEADING)
  await expect(block(page, 'Matematika 9.A')).toBeVisible()
  await expect(block(page, '=Fizika 10.B')).toBeVisible()
  await expect(page.getByText('2 óra a tervben')).toBeVisible()

  // Export: the week as orarend.xlsx, formula-safe.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportálás' }).click()
  const file = await download
  await expect(page.getByText('Adatok sikeresen exportálva!').first()).toBeVisible()
  expect(file.suggestedFilename()).toBe('orarend.xlsx')
  const path = await file.path()
  const book = read(readFileSync(path), { type: 'buffer' })
  const rows = utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 })
  expect(rows.map((row) => row.slice(0, 5))).toEqual([
    ['Nap', 'Kezdés', 'Befejezés', 'Óra neve', 'Oktató'],
    ['Hétfő', '08:00', '09:30', 'Matematika 9.A', teacher.name],
    ['Hétfő', '09:00', '10:00', "'=Fizika 10.B", teacher.name],
  ])

  // Clear, after the confirmation.
  await page.getByRole('button', { name: 'Összes törlése' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Összes óra törlése' })
  await confirm.getByRole('button', { name: 'Összes törlése' }).click()
  await expect(page.getByText('Az órarend kiürítve.').first()).toBeVisible()
  await expect(page.getByText('0 óra a tervben')).toBeVisible()

  // Import: nothing chosen, then the exported file; the preview first, nothing changed yet.
  await page.getByRole('button', { name: 'Importálás' }).click()
  const importer = page.getByRole('dialog', { name: 'Importálás' })
  await importer.getByRole('button', { name: 'Tovább' }).click()
  await expect(importer.getByText('Kérlek válassz ki egy fájlt!')).toBeVisible()
  // The download is saved under a random name: give it the name the user's file has.
  await importer.getByLabel('XLSX fájl').setInputFiles({
    name: 'orarend.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: readFileSync(path),
  })
  await importer.getByRole('button', { name: 'Tovább' }).click()
  await expect(importer.getByText('Hozzáadandó órák: 2')).toBeVisible()
  await expect(page.getByText('0 óra a tervben')).toBeAttached()
  expect(await axeProblems(page, 'Munkaidő tervező, import preview')).toEqual([])
  await importer.getByRole('button', { name: 'Hozzáadás (2)' }).click()
  await expect(page.getByText('Adatok sikeresen importálva!').first()).toBeVisible()
  await expect(block(page, 'Matematika 9.A')).toHaveAccessibleName(/Hétfő 08:00–09:30/)
  await expect(block(page, '=Fizika 10.B')).toHaveAccessibleName(/Hétfő 09:00–10:00/)
  await expect(page.getByText('2 óra a tervben')).toBeVisible()

  // Logging out wipes the plan with the user's data: the next sign-in here starts empty.
  await logout(page)
  await login(page, teacher)
  await openScreen(page, 'Munkaidő tervező', HEADING)
  await expect(page.getByText('0 óra a tervben')).toBeVisible()
})
