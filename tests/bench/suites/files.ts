/**
 * Fájlok download throughput (issue 9): `GET /api/files/file?path=` of one ~50 MB file on the real server, against
 * `fs.createReadStream` piped to a bare `node:http` server serving the same file from its own process, in the same
 * run and with the same load (same connections and duration). Figure: bytes per second, real / bare, budget ≥ 0.8,
 * the median of alternating rounds (../rounds.ts). Not pinned to
 * CPUs as the links suite is: pinned, both servers moved a third of the bytes (the kernel's copy work for a 50 MB
 * body wants both cores).
 * The load is a small keep-alive `node:http` client of our own that reads and drops each body: autocannon parses
 * bodies in JavaScript and managed ~7 MB/s on a 50 MB body, which would have measured autocannon, not the servers.
 *
 * The real server is one of the suite's own in `scratch`, FILES_ROOT set and a teacher made by the users CLI
 * (teachers have `downloadFile` by default), like the links suite's: in a full run the shared server, hours of
 * suites later, moved a third fewer bytes than the same code fresh (0.65–0.70 against 1.08 alone).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { Agent, get } from 'node:http'
import { join } from 'node:path'
import { freePort, startServer, usersCli, waitForHealth, type ServerHandle } from '../../support/server'
import { apiToken } from '../app'
import { alternatingRounds, median } from '../rounds'
import type { BenchContext, BenchSuite } from '../suite'

const FILE_NAME = 'bench-letoltes-50mb.bin'
const FILE_BYTES = 50 * 1024 * 1024
const CONNECTIONS = 4
/** Measured rounds per server, alternating, of ROUND_SECONDS each. */
const ROUNDS = 5
const ROUND_SECONDS = 3
const OWN_TEACHER = { username: 'bench.fajl', password: 'Bench-fajl-2024!', name: 'Fájlos Fanni' }

/** A bare HTTP server in a process of its own: the file through createReadStream, nothing else. */
const BARE_SERVER = `
const { createServer } = require('node:http')
const { createReadStream, statSync } = require('node:fs')
const [port, file] = process.argv.slice(1)
const size = statSync(file).size
createServer((req, res) => {
  if (req.url === '/api/health') return res.end('ok')
  res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': size })
  createReadStream(file).pipe(res)
}).listen(Number(port), '127.0.0.1')
`

async function startBare(file: string) {
  const port = await freePort()
  const child = spawn(process.execPath, ['-e', BARE_SERVER, String(port), file], { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  await waitForHealth(url, child, 30_000)
  return {
    url,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}

async function listed(url: string, token: string): Promise<boolean> {
  const response = await fetch(`${url}/api/files?path=`, { headers: { Authorization: token } })
  if (!response.ok) return false
  const body = (await response.json()) as { files?: { fileName: string; size: number }[] }
  return Boolean(body.files?.some((file) => file.fileName === FILE_NAME && file.size === FILE_BYTES))
}

/**
 * GETs `path` once on `agent`, counting each chunk into `tally` as it arrives until `until` (performance.now()), when
 * a body still arriving is cut off: a round measures bytes moved in its time, not whole 50 MB bodies (a 3-s round
 * holds only a few, and counting whole ones made a round's figure jump by a body's worth). Resolves when the 200
 * is read to its end or cut off by the clock; rejects on any other status or an error before the deadline.
 */
function fetchCounted(
  url: string,
  path: string,
  headers: Record<string, string>,
  agent: Agent,
  until: number,
  tally: { bytes: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    // An error after the deadline is the cut-off itself; before it, a failed request.
    const cutOrFailed = (error: Error) => (performance.now() >= until ? resolve() : reject(error))
    const request = get(`${url}${path}`, { headers, agent }, (response) => {
      if (response.statusCode !== 200) {
        response.resume()
        reject(new Error(`status ${response.statusCode}`))
        return
      }
      response.on('data', (chunk: Buffer) => {
        if (performance.now() >= until) {
          request.destroy()
          resolve()
          return
        }
        tally.bytes += chunk.length
      })
      response.on('end', () => resolve())
      response.on('error', cutOrFailed)
    })
    request.on('error', cutOrFailed)
  })
}

/** Bytes per second of GET `path` over CONNECTIONS keep-alive connections for `seconds`. */
async function load(url: string, path: string, headers: Record<string, string>, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const started = performance.now()
  const until = started + seconds * 1000
  const tally = { bytes: 0 }
  let requests = 0
  let errors = 0
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        try {
          await fetchCounted(url, path, headers, agent, until, tally)
          requests++
        } catch {
          errors++
        }
      }
    }),
  )
  agent.destroy()
  return { bytesPerSecond: tally.bytes / seconds, requests, errors, seconds }
}

function writeFixture(folder: string): string {
  mkdirSync(folder, { recursive: true })
  const file = join(folder, FILE_NAME)
  const block = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < block.length; i++) block[i] = (i * 31 + (i >> 8)) % 256
  writeFileSync(file, Buffer.concat(Array.from({ length: FILE_BYTES / block.length }, () => block)))
  return file
}

const suite: BenchSuite = {
  group: 'files',
  async run(ctx: BenchContext) {
    let own: ServerHandle | null = null
    let bare: Awaited<ReturnType<typeof startBare>> | null = null
    try {
      const dataDir = join(ctx.scratch, 'files-bench-data')
      const filesRoot = join(ctx.scratch, 'files-bench-root')
      mkdirSync(dataDir, { recursive: true })
      const file = writeFixture(filesRoot)
      const csv = join(ctx.scratch, 'files-bench-users.csv')
      writeFileSync(
        csv,
        `type,name,username,password\nteacher,${OWN_TEACHER.name},${OWN_TEACHER.username},${OWN_TEACHER.password}\n`,
      )
      await usersCli(dataDir, ['import', csv], { PASSWORD_HASH_LOG_N: '4' })
      own = await startServer({ dataDir, staticDir: ctx.dist, env: { FILES_ROOT: filesRoot } })
      const serverUrl = own.url
      const token = await apiToken(serverUrl, OWN_TEACHER)
      if (!(await listed(serverUrl, token))) throw new Error('the file is not served by the server')
      const path = `/api/files/file?path=${encodeURIComponent(FILE_NAME)}`
      const headers = { authorization: token }
      bare = await startBare(file)
      await load(serverUrl, path, headers, 2) // warm-up
      await load(bare.url, '/', {}, 2)
      const baseUrl = bare.url
      const {
        real,
        bare: base,
        ratios,
        ratio,
      } = await alternatingRounds(
        ROUNDS,
        {
          real: () => load(serverUrl, path, headers, ROUND_SECONDS),
          bare: () => load(baseUrl, '/', {}, ROUND_SECONDS),
        },
        (result) => result.bytesPerSecond,
      )
      const clean = [...real, ...base].every((result) => result.errors === 0 && result.requests > 0)
      const mbps = (results: { bytesPerSecond: number }[]) =>
        results.map((r) => Math.round(r.bytesPerSecond / 1048576))
      console.log(
        `  files: MB/s real ${mbps(real).join(' ')}, bare ${mbps(base).join(' ')}; ` +
          `ratios ${ratios.map((r) => r.toFixed(2)).join(' ')}`,
      )
      ctx.record({
        name: 'file download throughput ratio (real / bare)',
        value: ctx.round(ratio),
        unit: '×',
        budget: '≥ 0.8',
        pass: clean && ratio >= 0.8,
        detail: {
          fileBytes: FILE_BYTES,
          connections: CONNECTIONS,
          rounds: ROUNDS,
          roundSeconds: ROUND_SECONDS,
          ratios,
          realMBps: median(mbps(real)),
          bareMBps: median(mbps(base)),
        },
      })
    } catch (error) {
      ctx.fail('file download throughput', error)
    } finally {
      await bare?.stop().catch(() => {})
      await own?.stop().catch(() => {})
    }
  },
}

export default suite
