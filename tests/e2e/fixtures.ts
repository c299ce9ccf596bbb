/**
 * The Playwright fixtures of the end-to-end specs: `import { test, expect } from '../fixtures'`.
 *
 * The server, the SMTP server and the accounts are started once per run by global-setup.ts. Each test gets:
 * - `net`: its own loopback proxy in front of the server (tests/support/netcut.ts), so a spec can cut the network
 *   for real — page and service worker alike — without touching a test running in the other worker; `baseURL`
 *   is the proxy's address, so `page.goto('/')` opens the app;
 * - `page` / `context`: a fresh context (fresh profile) per test, as Playwright does; `newContext()` gives
 *   another one, `newPersistentContext()` a non-incognito profile of its own (both closed after the test);
 * - `mailbox`: the mail the loopback SMTP server received (MFA codes);
 * - `account(key)`: the account of tests/e2e/accounts.ts for this try (a retry gets an untouched twin);
 * - `runId`: unique per try, for values that must differ between tries (e-mails, passwords).
 * Console errors and page errors of every page are attached to the report of a failed test.
 */
/* eslint-disable no-empty-pattern -- a Playwright fixture without dependencies takes `{}` */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test as base, type BrowserContext, type Page } from '@playwright/test'
import { accountFor, type Account, type UserKey } from './accounts'
import { CHROMIUM_ARGS, CHROMIUM_PATH, CONTEXT_OPTIONS } from '../support/chromium'
import { startNetCut, type NetCut } from '../support/netcut'
import { removeDir } from '../support/server'
import { extractCode, readDroppedMail, type Mail } from '../support/smtp'

export interface MailReader {
  /** Every message received so far in this run. */
  messages(): Mail[]
  /** Waits for a mail to `to` received after `since` (epoch ms) and returns its 6-digit code. */
  waitForCode(to: string, since: number, timeoutMs?: number): Promise<string>
}

interface Fixtures {
  net: NetCut
  /** The server's own address, bypassing the proxy. */
  serverUrl: string
  mailbox: MailReader
  account: (key: UserKey) => Account
  runId: string
  newContext: () => Promise<BrowserContext>
  newPersistentContext: () => Promise<BrowserContext>
  browserLog: string[]
}

function env(name: string): string {
  const value = process.env[name]
  if (!value)
    throw new Error(`${name} is not set: run the specs with \`npx playwright test\` (global-setup.ts)`)
  return value
}

function watch(context: BrowserContext, label: string, log: string[]): BrowserContext {
  const started = Date.now()
  const line = (text: string) =>
    log.push(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${label} ${text}`)
  const watchPage = (page: Page) => {
    page.on('pageerror', (error) => line(`page error: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        line(`console.${message.type()}: ${message.text()}`)
    })
  }
  context.pages().forEach(watchPage)
  context.on('page', watchPage)
  return context
}

export const test = base.extend<Fixtures>({
  net: async ({}, provide) => {
    const net = await startNetCut(Number(env('E2E_SERVER_PORT')))
    await provide(net)
    await net.close()
  },
  baseURL: async ({ net }, provide) => provide(net.url),
  serverUrl: async ({}, provide) => provide(env('E2E_SERVER_URL')),
  browserLog: async ({}, provide, testInfo) => {
    const log: string[] = []
    await provide(log)
    if (testInfo.status !== testInfo.expectedStatus && log.length) {
      await testInfo.attach('browser-log', { body: log.join('\n'), contentType: 'text/plain' })
    }
  },
  context: async ({ context, browserLog }, provide) => provide(watch(context, 'main', browserLog)),
  mailbox: async ({}, provide) => {
    const dir = env('E2E_MAIL_DIR')
    await provide({
      messages: () => readDroppedMail(dir),
      async waitForCode(to, since, timeoutMs = 20_000) {
        const address = to.toLowerCase()
        let code: string | null = null
        await expect
          .poll(
            () => {
              const mail = readDroppedMail(dir).find((m) => m.receivedAt >= since && m.to.includes(address))
              code = mail ? extractCode(mail.raw) : null
              return code
            },
            { message: `an MFA code mailed to ${to}`, timeout: timeoutMs },
          )
          .toMatch(/^\d{6}$/)
        return code!
      },
    })
  },
  account: async ({}, provide, testInfo) => provide((key) => accountFor(key, testInfo.retry)),
  runId: async ({}, provide, testInfo) => provide(`${Date.now().toString(36)}${testInfo.retry}`),
  newContext: async ({ browser, baseURL, browserLog }, provide) => {
    const contexts: BrowserContext[] = []
    await provide(async () => {
      const context = await browser.newContext({ ...CONTEXT_OPTIONS, baseURL })
      contexts.push(watch(context, `context${contexts.length + 1}`, browserLog))
      return context
    })
    for (const context of contexts) await context.close()
  },
  newPersistentContext: async ({ baseURL, browserLog }, provide) => {
    const contexts: BrowserContext[] = []
    const dirs: string[] = []
    await provide(async () => {
      const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-profile-'))
      dirs.push(dir)
      const context = await chromium.launchPersistentContext(dir, {
        ...CONTEXT_OPTIONS,
        baseURL,
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        headless: true,
      })
      contexts.push(watch(context, `persistent${contexts.length + 1}`, browserLog))
      return context
    })
    for (const context of contexts) await context.close()
    for (const dir of dirs) removeDir(dir)
  },
})

export { expect }
