import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.resetModules()
})

/** A navigator whose service worker container answers register() as `register` does. */
function stubServiceWorkers(register: () => Promise<unknown>) {
  const container = {
    controller: null,
    register: vi.fn(register),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    ready: new Promise(() => undefined),
  }
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: container }))
  return container
}

async function register() {
  vi.stubEnv('PROD', true)
  vi.stubEnv('MODE', 'production')
  const module = await import('./register')
  module.registerServiceWorker()
  return module
}

describe('registerServiceWorker', () => {
  it('says calmly that service workers are blocked instead of logging a TypeError', async () => {
    // Blocked (Playwright's serviceWorkers: 'block', some privacy settings): register() gives nothing.
    const container = stubServiceWorkers(async () => undefined)
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const { SERVICE_WORKER_BLOCKED } = await register()
    await vi.waitFor(() => expect(info).toHaveBeenCalledWith(SERVICE_WORKER_BLOCKED))
    expect(error).not.toHaveBeenCalled()
    expect(container.register).toHaveBeenCalled()
  })

  it('still reports a real registration failure as an error', async () => {
    stubServiceWorkers(async () => {
      throw new TypeError('Failed to register a ServiceWorker: A bad HTTP response code (404)')
    })
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    await register()
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'A service worker regisztrálása nem sikerült.',
        expect.any(TypeError),
      ),
    )
    expect(info).not.toHaveBeenCalled()
  })
})
