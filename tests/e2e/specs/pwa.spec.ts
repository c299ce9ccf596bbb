/**
 * PWA: the manifest is linked and valid, the service worker registers and activates, and Chromium reports no
 * installability errors (CDP Page.getInstallabilityErrors). Runs in a persistent profile: an incognito context
 * would itself be an installability error.
 */
import { openApp, usernameField, waitForServiceWorkerControl } from '../app'
import { expect, test } from '../fixtures'

interface Manifest {
  name?: string
  short_name?: string
  start_url?: string
  display?: string
  icons?: { src: string; sizes?: string; type?: string; purpose?: string }[]
}

test('the app is installable: a valid manifest, an active service worker, no installability errors', async ({
  newPersistentContext,
  baseURL,
}) => {
  const context = await newPersistentContext()
  const page = context.pages()[0] ?? (await context.newPage())
  await openApp(page)
  await expect(usernameField(page)).toBeVisible()

  const href = await page.evaluate(
    () => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? null,
  )
  expect(href, 'index.html links a manifest').toBeTruthy()
  const response = await page.request.get(href!)
  expect(response.ok(), `${href} answered ${response.status()}`).toBe(true)
  expect(response.headers()['content-type']).toMatch(/json|manifest/)
  const manifest = (await response.json()) as Manifest
  expect(manifest.name, 'manifest name').toBeTruthy()
  expect(manifest.short_name, 'manifest short_name').toBeTruthy()
  expect(['standalone', 'fullscreen', 'minimal-ui']).toContain(manifest.display)
  expect(manifest.start_url, 'manifest start_url').toBeTruthy()
  const sizes = (manifest.icons ?? []).flatMap((i) => (i.sizes ?? '').split(/\s+/))
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
  for (const icon of manifest.icons ?? []) {
    const iconResponse = await page.request.get(new URL(icon.src, href!).href)
    expect(iconResponse.ok(), `icon ${icon.src} answered ${iconResponse.status()}`).toBe(true)
  }
  const sw = await page.request.get('/sw.js')
  expect(sw.ok(), `/sw.js answered ${sw.status()}`).toBe(true)

  await waitForServiceWorkerControl(page)
  // The worker claims the page while it is still 'activating': wait for the activation to finish.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const r = await navigator.serviceWorker.getRegistration()
          return r ? { scope: r.scope, active: r.active?.state ?? null } : null
        }),
      { message: 'the service worker registration' },
    )
    .toEqual({ scope: `${baseURL}/`, active: 'activated' })

  // Right after load the check may still see a half-loaded manifest: poll until the answer is clean.
  const cdp = await context.newCDPSession(page)
  type Installability = { installabilityErrors: { errorId: string; errorArguments: unknown[] }[] }
  await expect
    .poll(
      async () => ((await cdp.send('Page.getInstallabilityErrors')) as Installability).installabilityErrors,
      {
        message: 'installability errors',
      },
    )
    .toEqual([])
})
