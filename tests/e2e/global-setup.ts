/**
 * Playwright global setup: once per run, the real product — a snapshot of the built `dist/`, a loopback SMTP
 * server, every account created with the users CLI, then the server (PGlite in a temporary DATA_DIR). The
 * workers find it through the environment (E2E_SERVER_URL, E2E_MAIL_DIR, E2E_FILES_ROOT: the server's FILES_ROOT). The returned function stops it all
 * and keeps the server's log in test-results/server.log.
 *
 * `dist/` must exist: `npm run test:e2e` builds it first; `npx playwright test` alone uses the build there is.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ALL_ACCOUNTS, ONE_TIME_ACCOUNTS } from './accounts'
import {
  DIST,
  ROOT,
  removeDir,
  snapshotDist,
  startServer,
  tempDir,
  usersCli,
  type ServerHandle,
} from '../support/server'
import { startSmtp, type Mailbox } from '../support/smtp'

function csvCell(value: string): string {
  return /[",\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error('dist/ has no build: run `npm run test:e2e` (it builds) or `npx vite build` first')
  }
  const scratch = tempDir('portal-e2e-')
  const dataDir = join(scratch, 'data')
  const mailDir = join(scratch, 'mail')
  const filesRoot = join(dataDir, 'files')
  mkdirSync(dataDir)
  mkdirSync(mailDir)
  mkdirSync(filesRoot)
  let smtp: Mailbox | null = null
  let server: ServerHandle | null = null
  const stop = async () => {
    if (server) {
      mkdirSync(join(ROOT, 'test-results'), { recursive: true })
      writeFileSync(join(ROOT, 'test-results', 'server.log'), server.output())
    }
    await server?.stop().catch(() => {})
    await smtp?.close().catch(() => {})
    removeDir(scratch)
  }
  try {
    const staticDir = snapshotDist(scratch)
    smtp = await startSmtp({ dropDir: mailDir })
    // Every account in one import, before the server starts (the CLI and the server share the PGlite lock). Cheap
    // hashes for these accounts only: the stored hash carries its cost, the server keeps its own.
    const csv = join(scratch, 'accounts.csv')
    const rows = ALL_ACCOUNTS.map((a) => [a.type, a.name, a.username, a.password].map(csvCell).join(','))
    writeFileSync(csv, ['type,name,username,password', ...rows].join('\n') + '\n')
    await usersCli(dataDir, ['import', csv], { PASSWORD_HASH_LOG_N: '12' })
    for (const account of ONE_TIME_ACCOUNTS) {
      const args = ['passwd', '--username', account.username, '--password', account.password, '--one-time']
      await usersCli(dataDir, args, { PASSWORD_HASH_LOG_N: '12' })
    }
    server = await startServer({ dataDir, smtpUrl: smtp.url, staticDir, env: { FILES_ROOT: filesRoot } })
  } catch (error) {
    await stop()
    throw error
  }
  process.env.E2E_SERVER_URL = server.url
  process.env.E2E_SERVER_PORT = String(server.port)
  process.env.E2E_MAIL_DIR = mailDir
  process.env.E2E_FILES_ROOT = filesRoot
  return stop
}
