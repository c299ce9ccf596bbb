/**
 * Fájlok (issue 9): a teacher browses into a folder of the server's FILES_ROOT, comes back with 'Vissza', and
 * downloads a file with an accented name whose bytes equal the file on disk; axe finds no serious or critical
 * violation on the screen. The fixture files are written into the e2e server's FILES_ROOT (its default,
 * `$DATA_DIR/files`; DATA_DIR is beside E2E_MAIL_DIR in the run's scratch folder, tests/e2e/global-setup.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { login, openApp, openScreen } from '../app'
import { expect, test } from '../fixtures'
import { axeProblems } from '../axe'

const ACCENTED = 'Órarend – ősz.pdf'

test('a teacher browses into a folder, goes back and downloads an accented file byte for byte', async ({
  page,
  account,
}) => {
  test.setTimeout(120_000)
  const root = join(dirname(process.env.E2E_MAIL_DIR!), 'data', 'files')
  const folder = join(root, 'Tanév 2026')
  mkdirSync(folder, { recursive: true })
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256))
  writeFileSync(join(folder, ACCENTED), bytes)
  writeFileSync(join(root, 'olvass-el.txt'), 'Üdvözlet!\n')
  writeFileSync(join(root, '.rejtett'), 'rejtett')

  await openApp(page)
  await login(page, account('filesTeacher'))
  await openScreen(page, 'Fájlok', 'Fájlok')
  const table = page.getByRole('table', { name: 'Fájlok' })
  await expect(table.getByRole('button', { name: 'Tanév 2026' })).toBeVisible()
  await expect(table.getByText('olvass-el.txt')).toBeVisible()
  await expect(table.getByText('.rejtett')).toHaveCount(0)
  expect(await axeProblems(page, 'Fájlok')).toEqual([])

  await table.getByRole('button', { name: 'Tanév 2026' }).click()
  await expect(page.getByTestId('current-folder')).toHaveText('/Tanév 2026')
  const download = page.waitForEvent('download')
  await table.getByRole('button', { name: `Letöltés: ${ACCENTED}` }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(ACCENTED)
  const saved = await file.path()
  expect(readFileSync(saved).equals(bytes)).toBe(true)

  await page.getByRole('button', { name: 'Vissza' }).click()
  await expect(page.getByTestId('current-folder')).toHaveText('/')
  await expect(table.getByText('olvass-el.txt')).toBeVisible()
})
