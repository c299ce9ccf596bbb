/**
 * A server of a suite's own in its scratch folder (tests/bench/suite.ts allows it): the shared bench server's
 * DATA_DIR is not in the BenchContext, and the users CLI must not open a PGlite folder a running server holds.
 * Cold start (migrations), stop, the users CLI adds an administrator (no MFA: none is set up by `add`), start
 * again. TRUST_PROXY is on so a load run can spread its requests over X-Forwarded-For addresses, keeping the
 * per-IP rate limit (1,200 a minute) out of a throughput figure.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { startServer, type ServerHandle } from '../support/server'
import { addAccount, apiToken } from './app'

export interface OwnServer {
  server: ServerHandle
  admin: { username: string; password: string }
  token: string
}

export async function startOwnServer(scratch: string, dist: string, name: string): Promise<OwnServer> {
  const dataDir = join(scratch, `${name}-data`)
  mkdirSync(dataDir, { recursive: true })
  const env = { TRUST_PROXY: '1' }
  const first = await startServer({ dataDir, staticDir: dist, env, healthTimeoutMs: 120_000 })
  await first.stop()
  const admin = { username: `bench.${name}.admin`, password: 'Bench-admin-jelszo-2024!' }
  await addAccount(dataDir, 'admin', {
    name: 'Mérő Adminisztrátor',
    username: admin.username,
    password: admin.password,
  })
  const server = await startServer({ dataDir, staticDir: dist, env, healthTimeoutMs: 120_000 })
  try {
    return { server, admin, token: await apiToken(server.url, admin) }
  } catch (error) {
    await server.stop()
    throw error
  }
}
