/** Debian's Chromium (no browser download is possible here) and the flags every launch uses. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  // A school's LAN name (issue 17): http://portal.test:PORT is an insecure context, unlike localhost.
  '--host-resolver-rules=MAP portal.test 127.0.0.1',
]

/** The browser context every end-to-end test gets: a desktop window, Hungarian locale and time zone, workers on. */
export const CONTEXT_OPTIONS = {
  viewport: { width: 1280, height: 800 },
  locale: 'hu-HU',
  timezoneId: 'Europe/Budapest',
  serviceWorkers: 'allow' as const,
}
