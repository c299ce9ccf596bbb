/**
 * Starting the real product for end-to-end runs and benchmarks: build check, free ports, the users CLI and the
 * server process. Everything runs hermetically: a temporary DATA_DIR with PGlite, never the caller's
 * DATABASE_URL (a shared PostgreSQL would leak state between runs).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '..', '..')
export const DIST = join(ROOT, 'dist')

/** The environment for child processes: the caller's, minus anything that would point at shared state. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env.DATABASE_URL
  delete env.SMTP_URL
  delete env.PORT
  delete env.NODE_OPTIONS
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key]
    else env[key] = value
  }
  return env
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

export function removeDir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
  } catch {
    // A leftover temp directory is harmless.
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (!address || typeof address === 'string') return reject(new Error('no port'))
      server.close(() => resolvePort(address.port))
    })
  })
}

export interface RunResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs a command to completion and captures its output. */
export function runCommand(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolveRun({ code: code ?? 1, stdout, stderr })
    })
    child.on('error', (error) => {
      clearTimeout(timer)
      resolveRun({ code: 1, stdout, stderr: stderr + String(error) })
    })
  })
}

/** Builds dist/ when it is missing (or when `force`). */
export async function ensureBuild(force = false): Promise<void> {
  if (!force && existsSync(join(DIST, 'index.html'))) return
  const result = await runCommand(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['vite', 'build'], {
    env: cleanEnv(),
  })
  if (result.code !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`)
}

/**
 * Copies dist/ into `dir` and returns the copy: the run serves a snapshot, so a `vite build` started by someone
 * else in the same checkout cannot swap files under a running spec.
 */
export function snapshotDist(dir: string): string {
  const target = join(dir, 'dist')
  cpSync(DIST, target, { recursive: true })
  if (!existsSync(join(target, 'index.html')))
    throw new Error('dist/ has no index.html (a build in progress?)')
  return target
}

/** Runs the users CLI (`server/cli/users.ts`) against DATA_DIR. The server must not hold the same DATA_DIR. */
export async function usersCli(
  dataDir: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<RunResult> {
  const result = await runCommand(process.execPath, ['--import', 'tsx', 'server/cli/users.ts', ...args], {
    env: cleanEnv({ DATA_DIR: dataDir, ...env }),
    timeoutMs: 180_000,
  })
  if (result.code !== 0) {
    throw new Error(
      `users CLI ${args.slice(0, 1).join(' ')} failed (${result.code}):\n${result.stdout}\n${result.stderr}`,
    )
  }
  return result
}

export interface ServerHandle {
  url: string
  port: number
  process: ChildProcess
  output: () => string
  /** The one-time admin password printed on first start, if any. */
  adminPassword: () => string | null
  stop: () => Promise<void>
}

export interface StartOptions {
  dataDir: string
  port?: number
  smtpUrl?: string
  staticDir?: string
  env?: Record<string, string | undefined>
  healthTimeoutMs?: number
}

/** Polls GET /api/health until it answers 200, the process exits, or the time runs out. */
export async function waitForHealth(
  url: string,
  child: ChildProcess | null,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let lastError = ''
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return
      lastError = `status ${response.status}`
    } catch (error) {
      lastError = String(error)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`server not healthy after ${timeoutMs} ms (${lastError})`)
}

/** Starts `node --import tsx server/main.ts` and waits until /api/health answers. */
export async function startServer(options: StartOptions): Promise<ServerHandle> {
  const port = options.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const env = cleanEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    STATIC_DIR: options.staticDir ?? DIST,
    SMTP_URL: options.smtpUrl,
    NODE_ENV: 'production',
    ...options.env,
  })
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((r) => child.once('exit', () => r()))

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 8000)
    await exited
    clearTimeout(timer)
  }
  try {
    await waitForHealth(url, child, options.healthTimeoutMs ?? 90_000)
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.slice(-4000)}`)
  }
  return {
    url,
    port,
    process: child,
    output: () => output,
    adminPassword: () => /egyszer használatos jelszó:\s*(\S+)/.exec(output)?.[1] ?? null,
    stop,
  }
}
