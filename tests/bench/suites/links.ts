/**
 * Linkrövidítő (issue 9): `/s/:code` redirect throughput against a bare Fastify redirect (tests/bench/
 * bare-redirect.ts) in the same run, same load (autocannon, 10 connections). The real server is one of this
 * suite's own (tests/bench/own-server.ts) so the link exists and the requests can be spread over
 * X-Forwarded-For addresses: the per-IP rate limit (1,200 a minute) would otherwise be the figure. Each server is
 * warmed up until its rate stops climbing (a fixed 2 s warm-up measured mostly the optimiser's ramp), then they are
 * measured in alternating rounds (../rounds.ts). The load generator and the servers are pinned to separate CPUs
 * (../pin.ts).
 */
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { freePort, waitForHealth } from '../../support/server'
import { startOwnServer } from '../own-server'
import { pinLoad } from '../pin'
import { alternatingRounds, median } from '../rounds'
import type { BenchSuite } from '../suite'

const HERE = dirname(fileURLToPath(import.meta.url))
const ROOT = join(HERE, '..', '..', '..')
const CODE = 'bench-link'
const TARGET = 'https://example.com/oktatoi-portal/cel?forras=bench'
/** Measured rounds per server, alternating, of ROUND_SECONDS each. */
const ROUNDS = 5
const ROUND_SECONDS = 3
// Enough that no address reaches the limit at this machine's ~60,000 redirects/s over the 30 s of rounds (1,000 did: 5,125 answers were 429).
const ADDRESSES = 20_000
/** Warm-up rounds of 2 s: until a round is within 10 % of the one before, at most this many. */
const WARM_ROUNDS = 8

async function redirects(url: string, seconds: number) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    requests: Array.from({ length: ADDRESSES }, (_, i) => ({
      method: 'GET' as const,
      path: `/s/${CODE}`,
      headers: { 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.7` },
    })),
  })
  const stats = result.statusCodeStats as unknown as Record<string, { count: number } | undefined>
  const found = stats['302']?.count ?? 0
  return {
    redirectsPerSecond: found / seconds,
    total: result.requests.total,
    other: result.requests.total - found,
    errors: result.errors + result.timeouts,
    latencyP99: result.latency.p99,
  }
}

/** Runs 2-s rounds until the rate stops climbing; the rounds' rates, for the record. */
async function warmUp(url: string): Promise<number[]> {
  const rates: number[] = []
  for (let round = 0; round < WARM_ROUNDS; round++) {
    rates.push(Math.round((await redirects(url, 2)).redirectsPerSecond))
    const [before, last] = rates.slice(-2)
    if (rates.length >= 2 && last <= before * 1.1) break
  }
  return rates
}

async function startBare() {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'tests/bench/bare-redirect.ts'), String(port), CODE, TARGET],
    { cwd: ROOT, stdio: 'ignore' },
  )
  const url = `http://127.0.0.1:${port}`
  await waitForHealth(url, child, 30_000)
  return {
    url,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    },
  }
}

const suite: BenchSuite = {
  group: 'links',
  async run(ctx) {
    const own = await startOwnServer(ctx.scratch, ctx.dist, 'links')
    const bare = await startBare()
    try {
      const created = await fetch(`${own.server.url}/api/links/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: own.token },
        body: JSON.stringify({ url: TARGET, short: CODE }),
      })
      if (created.status !== 201) throw new Error(`link create answered ${created.status}`)
      const check = await fetch(`${own.server.url}/s/${CODE}`, { redirect: 'manual' })
      if (check.status !== 302 || check.headers.get('location') !== TARGET)
        throw new Error(`/s/${CODE} answered ${check.status} ${check.headers.get('location')}`)

      const pinning = pinLoad([own.server.process.pid, bare.pid])
      try {
        // Warm both up, then measure real and bare in alternating rounds.
        const warmReal = await warmUp(own.server.url)
        const warmBare = await warmUp(bare.url)
        const {
          real,
          bare: base,
          ratios,
          ratio,
        } = await alternatingRounds(
          ROUNDS,
          {
            real: () => redirects(own.server.url, ROUND_SECONDS),
            bare: () => redirects(bare.url, ROUND_SECONDS),
          },
          (result) => result.redirectsPerSecond,
        )
        const other = real.reduce((sum, r) => sum + r.other, 0)
        const errors = real.reduce((sum, r) => sum + r.errors, 0)
        console.log(
          `  links: warm-up rounds real ${warmReal.join(' → ')} req/s, bare ${warmBare.join(' → ')} req/s; ` +
            `rounds real ${real.map((r) => Math.round(r.redirectsPerSecond)).join(' ')}, ` +
            `bare ${base.map((r) => Math.round(r.redirectsPerSecond)).join(' ')} req/s; ratios ${ratios.map((r) => r.toFixed(2)).join(' ')}` +
            `${pinning.pinned ? '' : ' (not pinned)'}; ${other} not 302, ${errors} errors`,
        )
        ctx.record({
          name: 'short-link redirects/s (real server, /s/:code)',
          value: Math.round(median(real.map((r) => r.redirectsPerSecond))),
          unit: 'req/s',
          budget: null,
          pass: null,
          detail: { rounds: real, warmUp: warmReal },
        })
        ctx.record({
          name: 'short-link redirects/s (bare Fastify redirect)',
          value: Math.round(median(base.map((r) => r.redirectsPerSecond))),
          unit: 'req/s',
          budget: null,
          pass: null,
          detail: { rounds: base, warmUp: warmBare },
        })
        ctx.record({
          name: 'short-link redirect throughput ratio (real / bare)',
          value: ctx.round(ratio),
          unit: '×',
          budget: '≥ 0.5',
          pass: ratio >= 0.5 && other === 0 && errors === 0,
          detail: {
            ratios,
            rounds: ROUNDS,
            roundSeconds: ROUND_SECONDS,
            connections: 10,
            addresses: ADDRESSES,
            pinned: pinning.pinned,
          },
        })
      } finally {
        pinning.release()
      }
    } finally {
      await bare.stop()
      await own.server.stop()
    }
  },
}

export default suite
