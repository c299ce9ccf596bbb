/**
 * HTTPS on the school network (issue 17): the server serves HTTPS itself with a certificate of `npm run cert` for
 * portal.test (Chromium maps the name to loopback). The browser is the spec's own, told to accept exactly that
 * certificate's key (--ignore-certificate-errors-spki-list), which keeps the page a secure context where the service
 * worker registers — unlike ignoring certificate errors altogether. On a tablet-sized touch screen a teacher signs
 * in, the worker takes control, and with the network cut at the proxy a reload still shows Kezdőlap.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, CONTEXT_OPTIONS } from '../../support/chromium'
import { makeCertificate, spkiHash, startHttpsServer } from '../../support/https-server'
import { startNetCut, type NetCut } from '../../support/netcut'
import { removeDir, snapshotDist, tempDir, usersCli, type ServerHandle } from '../../support/server'
import {
  goOffline,
  goOnline,
  loginHeading,
  offlineMarker,
  passwordField,
  usernameField,
  waitForApi,
  waitForCachedApi,
  waitForServiceWorkerControl,
} from '../app'
import { expect, test } from '../fixtures'

const TEACHER = {
  type: 'teacher' as const,
  name: 'Titkosított Tímea',
  username: 'tanar.https',
  password: 'Tesztjelszo-2024!',
}

let scratch = ''
let server: ServerHandle | null = null
let net: NetCut | null = null
let browser: Browser | null = null
let spki = ''

test.beforeAll(async () => {
  scratch = tempDir('portal-https-')
  const dataDir = join(scratch, 'data')
  mkdirSync(dataDir)
  const tls = await makeCertificate(dataDir, ['portal.test'])
  spki = spkiHash(tls.cert)
  const { type, name, username, password } = TEACHER
  await usersCli(
    dataDir,
    ['add', '--type', type, '--name', name, '--username', username, '--password', password],
    {
      PASSWORD_HASH_LOG_N: '12',
    },
  )
  server = await startHttpsServer({ dataDir, staticDir: snapshotDist(scratch), tls, host: 'portal.test' })
  net = await startNetCut(server.port)
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${spki}`],
  })
})

test.afterAll(async () => {
  await browser?.close()
  await net?.close()
  await server?.stop()
  removeDir(scratch)
})

test('over https://portal.test a tablet signs in, the service worker takes control, an offline reload shows Kezdőlap', async () => {
  const testInfo = test.info()
  const origin = `https://portal.test:${net!.port}`
  const context = await browser!.newContext({
    ...CONTEXT_OPTIONS,
    viewport: { width: 820, height: 1180 },
    hasTouch: true,
    baseURL: origin,
  })
  try {
    const page = await context.newPage()
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await expect(loginHeading(page)).toBeVisible({ timeout: 20_000 })
    expect(
      await page.evaluate(() => ({ secure: window.isSecureContext, protocol: location.protocol })),
      'the page is a secure context over https',
    ).toEqual({ secure: true, protocol: 'https:' })
    await page.screenshot({ path: testInfo.outputPath('login-tablet-https.png') })

    // The app's own sign-in (the login helper waits for the desktop sidebar; a tablet has the menu in a drawer).
    await usernameField(page).fill(TEACHER.username)
    await passwordField(page).fill(TEACHER.password)
    const answer = waitForApi(page, 'POST', /^\/auth\/login$/)
    await passwordField(page).press('Enter')
    expect((await answer).status(), 'POST /api/auth/login over https').toBe(200)
    const greeting = page.getByRole('heading', { level: 1, name: `Szia, ${TEACHER.name}!` })
    await expect(greeting).toBeVisible({ timeout: 30_000 })
    await waitForServiceWorkerControl(page)
    const registration = await page.evaluate(async () => {
      const found = await navigator.serviceWorker.getRegistration()
      return { scope: found?.scope, active: found?.active?.state }
    })
    expect(registration).toEqual({ scope: `${origin}/`, active: 'activated' })
    await expect(greeting).toBeVisible()
    await waitForCachedApi(page, /^\/api\/dashboard\/?$/)

    await goOffline(net!, context)
    await page.reload({ waitUntil: 'domcontentloaded' })
    await expect(greeting).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('banner').getByText('Kezdőlap', { exact: true })).toBeVisible()
    await expect(offlineMarker(page)).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('kezdolap-offline-tablet-https.png') })
    await goOnline(net!, context)
  } finally {
    await context.close()
  }
})
