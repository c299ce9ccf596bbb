/**
 * Starts the server: configuration, database (with migrations), the first administrator on an empty database,
 * then listen; closes cleanly on SIGINT/SIGTERM. Everything else is composed in app.ts.
 */
import type { Server as HttpsServer } from 'node:https'
import { buildApp } from './app'
import { ConfigError, loadConfig, type Config } from './config'
import { migrate, openDatabase, type DatabaseHandle, type Db } from './db'
import { serveBackups } from './db/backup'
import { DataDirLockedError } from './db/lock'
import {
  CertificateError,
  readCertificatePair,
  reloadOnSighup,
  startRedirectServer,
  type CertificatePair,
} from './https'
import { firstAdminNotice } from './lib/first-admin-notice'
import { loggerOptions } from './lib/log'
import { randomPassword } from './lib/password'
import { countUsers, createUser } from './repositories/users-repository'

/**
 * Runs under the migration lock (db/index.ts): of N processes started together on one database, one creates it.
 * Returns its one-time password (printed once the server listens: server/lib/first-admin-notice.ts), else null.
 */
async function ensureFirstAdmin(db: Db, config: Config): Promise<string | null> {
  if ((await countUsers(db)) > 0) return null
  const password = randomPassword(16)
  await createUser(
    db,
    // One-time (issue 11): the administrator must set their own password at the first sign-in.
    { username: 'admin', name: 'Rendszergazda', type: 'admin', password, oneTime: true },
    { logN: config.PASSWORD_HASH_LOG_N },
  )
  return password
}

async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }

  // The certificate files before anything else: a bad path stops the start before the database opens or a port
  // listens, so nothing runs half-configured.
  let certificate: CertificatePair | null = null
  if (config.HTTPS_CERT && config.HTTPS_KEY) {
    try {
      certificate = readCertificatePair(config)
    } catch (error) {
      if (error instanceof CertificateError) {
        process.stderr.write(`A szerver nem indult el / the server did not start:\n  ${error.message}\n`)
        process.exit(1)
      }
      throw error
    }
  }

  let handle: DatabaseHandle
  try {
    handle = await openDatabase(config)
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }

  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  let stopBackups = async () => {}
  let redirectServer: Awaited<ReturnType<typeof startRedirectServer>> | undefined
  try {
    let firstAdminPassword: string | null = null
    await migrate(handle, async (db) => {
      firstAdminPassword = await ensureFirstAdmin(db, config)
    })
    // `npm run backup` asks this process for a consistent copy: nobody else may open a PGlite data directory.
    if (handle.driver === 'pglite') stopBackups = await serveBackups(config.DATA_DIR, handle)
    app = await buildApp({
      config,
      db: handle,
      logger: loggerOptions(config.LOG_LEVEL),
      https: certificate,
    })
    await app.listen({ port: config.PORT, host: config.HOST })
    if (certificate) {
      reloadOnSighup(app.server as unknown as HttpsServer, config, app.log)
      if (config.HTTP_REDIRECT_PORT) redirectServer = await startRedirectServer(config, app.log)
    }
    // Last, framed: the start's other output (a build, the log) must not hide it (issue 18).
    if (firstAdminPassword) {
      const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
      const url = `${certificate ? 'https' : 'http'}://${host}:${config.PORT}`
      process.stdout.write(firstAdminNotice(firstAdminPassword, url))
    }
  } catch (error) {
    process.stderr.write(
      `A szerver nem indult el / the server did not start: ${(error as Error).stack ?? error}\n`,
    )
    redirectServer?.close()
    await app?.close().catch(() => {})
    await handle.close()
    process.exit(1)
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app!.log.info({ signal }, 'leállítás')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    try {
      await stopBackups()
      redirectServer?.close()
      await app!.close()
      await handle.close()
      process.exit(0)
    } catch (error) {
      app!.log.error({ err: error }, 'leállítás közben hiba történt')
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

void main()
