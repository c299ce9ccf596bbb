/**
 * Proxy Manager (issue 9): an administrator adds a blocked domain typed as a URL (it is stored normalised), finds it
 * with a fuzzy search, exports blocked_domains.csv and reads it back, sees it in the Squid feed, and deletes it after
 * the confirmation. axe finds no serious or critical violation on the screen (with the confirmation open, too).
 */
import { readFileSync } from 'node:fs'
import { login, openApp, openScreen } from '../app'
import { expect, test } from '../fixtures'
import { axeProblems } from '../axe'

test('an administrator adds, searches, exports and deletes a blocked domain', async ({
  page,
  account,
  runId,
}) => {
  test.setTimeout(120_000)
  const admin = account('proxyAdmin')
  const label = `e2e-${runId}`
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 40)
    .replace(/-+$/, '')
  const domain = `${label}.pelda.hu`

  await openApp(page)
  await login(page, admin)
  await openScreen(page, 'Proxy Manager', 'Proxy kezelés')

  const input = page.getByPlaceholder('pelda.hu')
  await page.getByRole('button', { name: 'Hozzáadás', exact: true }).click()
  await expect(page.getByText('Kérlek adj meg egy domaint.')).toBeVisible()
  await input.fill(`HTTPS://${domain.toUpperCase()}:8443/valami?x=1`)
  await page.getByRole('button', { name: 'Hozzáadás', exact: true }).click()
  await expect(page.getByText('Domain sikeresen hozzáadva a tiltólistához.')).toBeVisible()
  await expect(input).toHaveValue('')

  // Fuzzy: one letter dropped still finds it.
  await page
    .getByRole('searchbox', { name: 'Keresés a blokkolt domainek között' })
    .fill(domain.replace('pelda', 'peda'))
  await expect(page.getByRole('cell', { name: domain, exact: true })).toBeVisible()
  expect(await axeProblems(page, 'Proxy kezelés')).toEqual([])

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportálás CSV-be' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('blocked_domains.csv')
  const csv = readFileSync(await download.path(), 'utf8')
  expect(csv.split('\n')).toContain(domain)

  // The proxy's feed (no session).
  const feed = await page.request.get(new URL('/api/proxy/block.txt', page.url()).href)
  expect(feed.status()).toBe(200)
  expect((await feed.text()).split('\n')).toContain(`.${domain}`)

  await page.getByRole('button', { name: `Törlés: ${domain}` }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Domain eltávolítása' })
  await expect(dialog).toContainText('Biztosan eltávolítod ezt a domaint a tiltólistáról?')
  expect(await axeProblems(page, 'Proxy kezelés with the delete confirmation')).toEqual([])
  await dialog.getByRole('button', { name: 'Eltávolítás' }).click()
  await expect(page.getByText('Domain sikeresen eltávolítva a tiltólistáról.')).toBeVisible()
  await expect(page.getByRole('cell', { name: domain, exact: true })).toBeHidden()
})
