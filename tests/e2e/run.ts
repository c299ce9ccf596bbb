/**
 * End-to-end runner: the real server (PGlite in a temporary DATA_DIR) serving the built app, a loopback SMTP
 * server for MFA codes, Debian's Chromium through playwright-core, and a TCP proxy in between so offline specs
 * can cut the network for real.
 *
 *   node --import tsx tests/e2e/run.ts            # every spec
 *   node --import tsx tests/e2e/run.ts offline    # specs whose name contains "offline"
 *
 * Each spec runs in a fresh browser context; a failed spec is retried once in a fresh context and reported as
 * flaky when the retry passes. The last line is `N passed, N failed`.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium'
import { startNetCut, type NetCut } from '../support/netcut'
import { ensureBuild, removeDir, snapshotDist, startServer, tempDir, usersCli, type ServerHandle } from '../support/server'
import { startSmtp, type Mailbox } from '../support/smtp'
import { ALL_ACCOUNTS, USERS, type Account } from './accounts'
import type { Spec, SpecContext } from './harness'

const HERE = import.meta.dirname
const ARTIFACTS = join(HERE, 'artifacts')

const started = Date.now()
const seconds = (from: number) => ((Date.now() - from) / 1000).toFixed(1)
const say = (line: string) => console.log(line)

async function loadSpecs(filters: string[]): Promise<Spec[]> {
  const dir = join(HERE, 'specs')
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()
  const specs: Spec[] = []
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default?: Spec; spec?: Spec }
    const spec = mod.default ?? mod.spec
    if (!spec) throw new Error(`${file} exports no spec`)
    const id = file.replace(/\.ts$/, '')
    if (filters.length && !filters.some((f) => spec.name.includes(f) || id.includes(f))) continue
    specs.push(spec)
  }
  return specs
}

function csvCell(value: string): string {
  return /[",\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** Creates every account with the users CLI before the server starts (the CLI and the server share a lock). */
async function seedAccounts(dataDir: string, scratch: string): Promise<void> {
  const t = Date.now()
  // One import for everyone when the CLI accepts a type column; otherwise one `add` per account.
  const csv = join(scratch, 'accounts.csv')
  writeFileSync(
    csv,
    ['type,name,username,password', ...ALL_ACCOUNTS.map((a) => [a.type, a.name, a.username, a.password].map(csvCell).join(','))].join(
      '\n',
    ) + '\n',
  )
  try {
    // Cheap hashes for the seeded accounts only (the stored hash carries its cost; the server keeps its own).
    await usersCli(dataDir, ['import', csv], { PASSWORD_HASH_LOG_N: '12' })
  } catch (error) {
    say(`  (users import failed, falling back to one 'add' per account: ${(error as Error).message.split('\n')[0]})`)
    for (const account of ALL_ACCOUNTS) await addAccount(dataDir, account)
  }
  say(`  seeded ${ALL_ACCOUNTS.length} accounts with the users CLI (${seconds(t)} s)`)
}

async function addAccount(dataDir: string, a: Account): Promise<void> {
  try {
    await usersCli(dataDir, ['add', '--type', a.type, '--name', a.name, '--username', a.username, '--password', a.password], {
      PASSWORD_HASH_LOG_N: '12',
    })
  } catch (error) {
    // An account created by an import that failed half-way: set its password instead.
    if (/létezik|exists|foglalt|taken|409/i.test((error as Error).message)) {
      await usersCli(dataDir, ['passwd', '--username', a.username, '--password', a.password], { PASSWORD_HASH_LOG_N: '12' })
    } else throw error
  }
}

interface AttemptResult {
  ok: boolean
  error?: Error
  seconds: string
  logs: string[]
}

const VERBOSE = process.argv.includes('-v') || process.argv.includes('--verbose')

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'))
  const specs = await loadSpecs(filters)
  if (!specs.length) {
    say(`no spec matches ${filters.join(' ')}`)
    say('0 passed, 1 failed')
    return 1
  }
  mkdirSync(ARTIFACTS, { recursive: true })
  for (const f of readdirSync(ARTIFACTS)) rmSync(join(ARTIFACTS, f), { force: true, recursive: true })

  const scratch = tempDir('portal-e2e-')
  const dataDir = join(scratch, 'data')
  mkdirSync(dataDir)
  let smtp: Mailbox | null = null
  let server: ServerHandle | null = null
  let net: NetCut | null = null
  let browser: Browser | null = null
  let passed = 0
  let failed = 0

  const cleanup = async () => {
    await browser?.close().catch(() => {})
    await net?.close().catch(() => {})
    await server?.stop().catch(() => {})
    await smtp?.close().catch(() => {})
    removeDir(scratch)
  }
  const onSignal = () => {
    void cleanup().then(() => process.exit(130))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)

  try {
    say('setting up')
    let t = Date.now()
    await ensureBuild()
    const staticDir = snapshotDist(scratch)
    say(`  dist ready (${seconds(t)} s)`)
    smtp = await startSmtp()
    await seedAccounts(dataDir, scratch)
    t = Date.now()
    server = await startServer({ dataDir, smtpUrl: smtp.url, staticDir })
    say(`  server up on ${server.url} (${seconds(t)} s)`)
    net = await startNetCut(server.port)
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
    say(`  ${browser.version()} via ${CHROMIUM_PATH}`)
  } catch (error) {
    say(`✗ setup\n${(error as Error).stack ?? error}`)
    if (server) writeFileSync(join(ARTIFACTS, 'server.log'), server.output())
    await cleanup()
    say(`0 passed, ${specs.length} failed`)
    return 1
  }

  for (const spec of specs) {
    const results: AttemptResult[] = []
    for (let attempt = 1; attempt <= 2; attempt++) {
      const result = await runAttempt(spec, attempt, { browser, smtp, server, net, scratch })
      results.push(result)
      if (result.ok) break
    }
    const last = results[results.length - 1]
    if (last.ok && results.length === 1) {
      passed++
      say(`✓ ${spec.name} (${last.seconds} s)`)
      if (VERBOSE) say(indent(last.logs.join('\n')))
    } else if (last.ok) {
      passed++
      say(`✓ ${spec.name} (${last.seconds} s) — flaky: the first attempt failed: ${firstLine(results[0].error)}`)
    } else {
      failed++
      say(`✗ ${spec.name} (${last.seconds} s)`)
      for (const [i, r] of results.entries()) say(indent(`attempt ${i + 1}: ${r.error?.stack ?? r.error}`))
    }
  }

  if (failed) writeFileSync(join(ARTIFACTS, 'server.log'), server.output())
  await cleanup()
  say(`e2e finished in ${seconds(started)} s`)
  say(`${passed} passed, ${failed} failed`)
  return failed ? 1 : 0
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')
}

async function runAttempt(
  spec: Spec,
  attempt: number,
  env: { browser: Browser; smtp: Mailbox; server: ServerHandle; net: NetCut; scratch: string },
): Promise<AttemptResult> {
  const t = Date.now()
  const contexts: BrowserContext[] = []
  const logs: string[] = []
  const log = (message: string) => logs.push(`[${seconds(t)} s] ${message}`)

  const watch = (context: BrowserContext, label: string) => {
    contexts.push(context)
    context.setDefaultTimeout(15_000)
    context.setDefaultNavigationTimeout(30_000)
    const watchPage = (page: Page) => {
      page.on('pageerror', (error) => log(`${label} page error: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') log(`${label} console.${message.type()}: ${message.text()}`)
      })
    }
    context.pages().forEach(watchPage)
    context.on('page', watchPage)
    return context
  }
  const contextOptions = { viewport: { width: 1280, height: 800 }, locale: 'hu-HU', timezoneId: 'Europe/Budapest', serviceWorkers: 'allow' as const }
  let profileCount = 0

  try {
    const context = watch(await env.browser.newContext(contextOptions), 'main')
    const page = await context.newPage()
    const ctx: SpecContext = {
      browser: env.browser,
      baseUrl: env.net.url,
      serverUrl: env.server.url,
      context,
      page,
      newContext: async () => watch(await env.browser.newContext(contextOptions), `context${contexts.length}`),
      newPersistentContext: async () => {
        const dir = join(env.scratch, `profile-${spec.name.replace(/\W+/g, '-')}-${attempt}-${profileCount++}`)
        const persistent = await chromium.launchPersistentContext(dir, {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
          headless: true,
          ...contextOptions,
        })
        return watch(persistent, `persistent${profileCount}`)
      },
      smtp: env.smtp,
      net: env.net,
      users: USERS,
      attempt,
      runId: `${Date.now().toString(36)}${attempt}`,
      log,
    }
    await withTimeout(spec.run(ctx), (spec.timeout ?? 90) * 1000, spec.name)
    return { ok: true, seconds: seconds(t), logs }
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error))
    const base = `${spec.name.replace(/\W+/g, '-')}-attempt${attempt}`
    let shot = 0
    for (const context of contexts) {
      for (const page of context.pages()) {
        await page
          .screenshot({ path: join(ARTIFACTS, `${base}-${shot++}.png`), fullPage: true, timeout: 5000 })
          .catch(() => {})
      }
    }
    if (logs.length) err.message += `\n--- browser log ---\n${logs.slice(-40).join('\n')}`
    writeFileSync(join(ARTIFACTS, `${base}.log`), `${err.stack}\n`)
    return { ok: false, error: err, seconds: seconds(t), logs }
  } finally {
    env.net.restore()
    for (const context of contexts.reverse()) await context.close().catch(() => {})
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error)
    console.log('0 passed, 1 failed')
    process.exit(1)
  },
)
