/**
 * (g) PWA: the manifest is linked and valid, the service worker registers and activates, and Chromium reports
 * no installability errors (CDP Page.getInstallabilityErrors). Runs in a persistent profile: an incognito
 * context would itself be an installability error.
 */
import { openApp, until, usernameField, waitForServiceWorkerControl } from '../app'
import { assert, type Spec } from '../harness'

interface Manifest {
  name?: string
  short_name?: string
  start_url?: string
  display?: string
  icons?: { src: string; sizes?: string; type?: string; purpose?: string }[]
  lang?: string
}

const spec: Spec = {
  name: 'pwa',
  async run(ctx) {
    const context = await ctx.newPersistentContext()
    const page = context.pages()[0] ?? (await context.newPage())
    await openApp(page, ctx)
    await usernameField(page).waitFor()

    const href = await page.evaluate(
      () => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? null,
    )
    assert(href, 'index.html links no manifest')
    const response = await page.request.get(href)
    assert(response.ok(), `${href} answered ${response.status()}`)
    assert(
      /json|manifest/.test(response.headers()['content-type'] ?? ''),
      `manifest content-type ${response.headers()['content-type']}`,
    )
    const manifest = (await response.json()) as Manifest
    assert(manifest.name && manifest.short_name, 'manifest names the app')
    assert(
      manifest.display === 'standalone' ||
        manifest.display === 'fullscreen' ||
        manifest.display === 'minimal-ui',
      `manifest display ${manifest.display}`,
    )
    assert(manifest.start_url, 'manifest has a start_url')
    const sizes = (manifest.icons ?? []).flatMap((i) => (i.sizes ?? '').split(/\s+/))
    assert(
      sizes.includes('192x192') && sizes.includes('512x512'),
      `manifest icons ${sizes.join(', ')}: 192 and 512 needed`,
    )
    for (const icon of manifest.icons ?? []) {
      const iconResponse = await page.request.get(new URL(icon.src, href).href)
      assert(iconResponse.ok(), `icon ${icon.src} answered ${iconResponse.status()}`)
    }
    const sw = await page.request.get(`${ctx.baseUrl}/sw.js`)
    assert(sw.ok(), `/sw.js answered ${sw.status()}`)

    await waitForServiceWorkerControl(page)
    // The worker claims the page while it is still 'activating': wait for the activation to finish.
    const readRegistration = () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration()
        return r
          ? { scope: r.scope, active: r.active?.state ?? null, script: r.active?.scriptURL ?? null }
          : null
      })
    const registration = await until(
      'the service worker is activated',
      async () => {
        const r = await readRegistration()
        return r?.active === 'activated' ? r : null
      },
      15_000,
      200,
    ).catch(readRegistration)
    assert(
      registration?.active === 'activated',
      `service worker registration ${JSON.stringify(registration)}`,
    )
    assert(registration.scope === `${ctx.baseUrl}/`, `service worker scope ${registration.scope}`)

    const cdp = await context.newCDPSession(page)
    type Installability = { installabilityErrors: { errorId: string; errorArguments: unknown[] }[] }
    const query = async () => (await cdp.send('Page.getInstallabilityErrors')) as Installability
    // Right after load the check may still see a half-loaded manifest: poll for a clean answer, then report.
    const errors = await until(
      'no installability errors',
      async () => {
        const result = await query()
        return result.installabilityErrors.length === 0 ? result : null
      },
      10_000,
      250,
    ).catch(query)
    assert(
      errors.installabilityErrors.length === 0,
      `installability errors: ${JSON.stringify(errors.installabilityErrors)}`,
    )
  },
}
export default spec
