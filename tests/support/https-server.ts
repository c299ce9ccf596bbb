/**
 * The real product over HTTPS (issue 17): `npm run cert` for the given names in DATA_DIR/tls, then the server with
 * HTTPS_CERT/HTTPS_KEY, healthy once GET /api/health answers 200 over TLS trusting only the school's authority.
 */
import { spawn } from 'node:child_process'
import { X509Certificate, createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { request } from 'node:https'
import { join } from 'node:path'
import { ROOT, cleanEnv, freePort, runCommand, type ServerHandle } from './server'

export interface TlsPaths {
  ca: string
  cert: string
  key: string
}

/** Runs `npm run cert -- <names>` (server/cli/cert.ts) for DATA_DIR `dataDir`; returns the files it made. */
export async function makeCertificate(dataDir: string, names: string[]): Promise<TlsPaths> {
  const result = await runCommand(process.execPath, ['--import', 'tsx', 'server/cli/cert.ts', ...names], {
    env: cleanEnv({ DATA_DIR: dataDir }),
  })
  if (result.code !== 0) throw new Error(`npm run cert failed (${result.code}):\n${result.stderr}`)
  const dir = join(dataDir, 'tls')
  return { ca: join(dir, 'ca.crt'), cert: join(dir, 'server.crt'), key: join(dir, 'server.key') }
}

/** base64(SHA-256(SubjectPublicKeyInfo)) of a PEM certificate: Chromium's --ignore-certificate-errors-spki-list. */
export function spkiHash(certPath: string): string {
  const spki = new X509Certificate(readFileSync(certPath)).publicKey.export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(spki).digest('base64')
}

function healthy(port: number, ca: Buffer, host: string): Promise<boolean> {
  return new Promise((resolveHealth) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/health', servername: host, ca, agent: false, timeout: 2000 },
      (res) => {
        res.resume()
        resolveHealth(res.statusCode === 200)
      },
    )
    req.on('error', () => resolveHealth(false))
    req.on('timeout', () => req.destroy())
    req.end()
  })
}

export interface HttpsStartOptions {
  dataDir: string
  staticDir: string
  tls: TlsPaths
  /** The name the certificate was made for (the TLS server name of the health check). */
  host: string
  env?: Record<string, string | undefined>
}

/** Starts `node --import tsx server/main.ts` serving HTTPS and waits until it is healthy over TLS. */
export async function startHttpsServer(options: HttpsStartOptions): Promise<ServerHandle> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: cleanEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      STATIC_DIR: options.staticDir,
      HTTPS_CERT: options.tls.cert,
      HTTPS_KEY: options.tls.key,
      NODE_ENV: 'production',
      ...options.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 8000)
    await exited
    clearTimeout(timer)
  }
  const ca = readFileSync(options.tls.ca)
  const deadline = Date.now() + 90_000
  while (!(await healthy(port, ca, options.host))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`the HTTPS server did not become healthy:\n${output.slice(-4000)}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url: `https://${options.host}:${port}`,
    port,
    process: child,
    output: () => output,
    adminPassword: () => output.match(/one-time password: (\S+)/)?.[1] ?? null,
    stop,
  }
}
