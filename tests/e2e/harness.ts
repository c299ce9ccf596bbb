/** What the runner hands each spec. */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Mailbox } from '../support/smtp'
import type { NetCut } from '../support/netcut'
import type { Account, UserKey } from './accounts'

export interface SpecContext {
  browser: Browser
  /** The app's origin as the browser sees it (through the network-cut proxy), without a trailing slash. */
  baseUrl: string
  /** The server's own address, bypassing the proxy (for API calls from Node). */
  serverUrl: string
  /** A fresh browser context (fresh profile) and a page in it. */
  context: BrowserContext
  page: Page
  /** Another fresh context, closed by the runner after the spec. */
  newContext(): Promise<BrowserContext>
  /** A fresh persistent (non-incognito) context with its own profile directory, closed after the spec. */
  newPersistentContext(): Promise<BrowserContext>
  smtp: Mailbox
  net: NetCut
  users: Record<UserKey, Account>
  /** 1 on the first try, 2 on the retry. */
  attempt: number
  /** Unique per attempt, for values that must differ between tries (e-mails, passwords). */
  runId: string
  log(message: string): void
}

export interface Spec {
  name: string
  /** Seconds; the runner fails the attempt when it takes longer. */
  timeout?: number
  run(ctx: SpecContext): Promise<void>
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message)
}
