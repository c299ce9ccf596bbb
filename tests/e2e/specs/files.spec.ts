/**
 * Fájlok (issue 9): a teacher browses into a folder of the server's FILES_ROOT, comes back with 'Vissza', and
 * downloads a file with an accented name whose bytes equal the file on disk; the teacher has no upload and the
 * server refuses one with 403. An administrator uploads a file of a few MB through 'Feltöltés' (upload throttled
 * so the progress bar is seen), finds it in the list and on disk byte for byte, and creates a folder. axe finds no
 * serious or critical violation. Fixture files go into the e2e server's FILES_ROOT, E2E_FILES_ROOT
 * (tests/e2e/global-setup.ts).
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { login, openApp, openScreen } from '../app'
import { expect, test } from '../fixtures'
import { axeProblems } from '../axe'

const ACCENTED = 'Órarend – ősz.pdf'

test('a teacher browses into a folder, goes back and downloads an accented file byte for byte', async ({
  page,
  account,
}) => {
  test.setTimeout(120_000)
  const root = process.env.E2E_FILES_ROOT!
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

test('a teacher has no upload, and the server refuses one with 403 and the Hungarian message', async ({
  page,
  account,
}) => {
  await openApp(page)
  await login(page, account('filesTeacher'))
  await openScreen(page, 'Fájlok', 'Fájlok')
  await expect(page.getByText(/^(\d+ mappa, )?\d+ fájl$/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Feltöltés' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Új mappa' })).toHaveCount(0)
  const answer = await page.evaluate(async () => {
    const form = new FormData()
    form.append('file', new Blob(['tanári']), 'tanari.txt')
    const response = await fetch('/api/files/upload?path=', {
      method: 'POST',
      headers: { Authorization: localStorage.getItem('token') ?? '' },
      body: form,
    })
    return { status: response.status, body: await response.json() }
  })
  expect(answer).toEqual({
    status: 403,
    body: { code: 403, message: 'Nincs jogosultságod a művelet végrehajtásához.' },
  })
  expect(() => statSync(join(process.env.E2E_FILES_ROOT!, 'tanari.txt'))).toThrow()
})

// The progress bar is the page's own XMLHttpRequest progress, shown under Chromium's upload throttle; with the service
// worker in between, the worker re-sends the body unthrottled and the page's progress events are not what is tested.
test.describe('upload progress', () => {
  test.use({ serviceWorkers: 'block' })

  test('an administrator uploads a file with a progress bar and creates a folder', async ({
    page,
    account,
  }) => {
    test.setTimeout(120_000)
    const root = process.env.E2E_FILES_ROOT!
    const target = join(root, 'Feltöltések')
    mkdirSync(target, { recursive: true })
    const name = `Beszámoló – ősz ${test.info().retry}.bin`
    const bytes = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7 + (i >> 10)) % 256))

    await openApp(page)
    await login(page, account('filesAdmin'))
    await openScreen(page, 'Fájlok', 'Fájlok')
    const table = page.getByRole('table', { name: 'Fájlok' })
    // exact: the row's menu button is 'Műveletek: Feltöltések'.
    await table.getByRole('button', { name: 'Feltöltések', exact: true }).click()
    await expect(page.getByTestId('current-folder')).toHaveText('/Feltöltések')

    // About 2 s for 3 MB: the progress bar stays long enough to be seen.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1.5 * 1024 * 1024,
    })
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Feltöltés' }).click()
    await (await chooser).setFiles({ name, mimeType: 'application/octet-stream', buffer: bytes })
    const progress = page.getByRole('progressbar', { name: `Feltöltés: ${name}` })
    await expect(progress).toBeVisible()
    await expect(
      page.getByRole('button', { name: `Mégsem: ${name} feltöltésének megszakítása` }),
    ).toBeVisible()
    expect(await axeProblems(page, 'Fájlok feltöltés közben')).toEqual([])
    await expect(page.getByText(`Fájl sikeresen feltöltve. (${name})`)).toBeVisible({ timeout: 30_000 })
    await expect(progress).toHaveCount(0)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await expect(table.getByText(name)).toBeVisible()
    expect(readFileSync(join(target, name)).equals(bytes)).toBe(true)

    const folderName = `Új mappa ${test.info().retry}`
    await page.getByRole('button', { name: 'Új mappa' }).click()
    const dialog = page.getByRole('dialog', { name: 'Új mappa' })
    await dialog.getByRole('textbox', { name: 'Mappa neve' }).fill(folderName)
    expect(await axeProblems(page, 'Új mappa')).toEqual([])
    await dialog.getByRole('button', { name: 'Létrehozás' }).click()
    await expect(page.getByText('Mappa sikeresen létrehozva.')).toBeVisible()
    await expect(dialog).toHaveCount(0)
    await expect(table.getByRole('button', { name: folderName, exact: true })).toBeVisible()
    expect(statSync(join(target, folderName)).isDirectory()).toBe(true)
    expect(await axeProblems(page, 'Fájlok feltöltés után')).toEqual([])
  })
})

test('an administrator renames a file by keyboard, then deletes it after the confirmation naming it', async ({
  page,
  account,
}) => {
  test.setTimeout(120_000)
  const root = process.env.E2E_FILES_ROOT!
  const folder = join(root, `Átnevezés ${test.info().retry}`)
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'vazlat.txt'), 'Témazáró vázlat\n')
  const renamed = 'Témazáró – ősz.txt'

  await openApp(page)
  await login(page, account('filesAdmin'))
  await openScreen(page, 'Fájlok', 'Fájlok')
  const table = page.getByRole('table', { name: 'Fájlok' })
  await table.getByRole('button', { name: `Átnevezés ${test.info().retry}`, exact: true }).click()
  await expect(table.getByText('vazlat.txt')).toBeVisible()

  // Rename by keyboard: the row's menu, its first item, the dialog starting from the current name.
  await table.getByRole('button', { name: 'Műveletek: vazlat.txt' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Átnevezés' })).toBeVisible()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Fájl átnevezése' })
  const input = dialog.getByRole('textbox', { name: 'Új név' })
  await expect(input).toHaveValue('vazlat.txt')
  // The name before the extension is selected (the dialog's focus trap selects all first): typing keeps '.txt'.
  await expect
    .poll(() => input.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd]))
    .toEqual([0, 6])
  expect(await axeProblems(page, 'Fájl átnevezése')).toEqual([])
  await input.fill(renamed)
  await page.keyboard.press('Enter')
  await expect(page.getByText('Sikeresen átnevezve.')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(table.getByText(renamed)).toBeVisible()
  await expect(table.getByText('vazlat.txt')).toHaveCount(0)
  expect(readFileSync(join(folder, renamed), 'utf8')).toBe('Témazáró vázlat\n')
  expect(() => statSync(join(folder, 'vazlat.txt'))).toThrow()

  await table.getByRole('button', { name: `Műveletek: ${renamed}` }).click()
  await page.getByRole('menuitem', { name: 'Törlés' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Fájl törlése' })
  await expect(confirm.getByText(`Átnevezés ${test.info().retry}/${renamed}`)).toBeVisible()
  expect(await axeProblems(page, 'Fájl törlése')).toEqual([])
  await confirm.getByRole('button', { name: 'Törlés' }).click()
  await expect(page.getByText('Fájl sikeresen törölve.')).toBeVisible()
  await expect(confirm).toHaveCount(0)
  await expect(table.getByText(renamed)).toHaveCount(0)
  expect(() => statSync(join(folder, renamed))).toThrow()
})
