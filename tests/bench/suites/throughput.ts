/**
 * Sign-in latency (20 sequential logins with the production scrypt cost) and GET /api/students/ throughput under
 * autocannon, against a bare Fastify route serving the same bytes in the same run. Runs before Chromium starts.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { login } from '../app'
import { startBareRoute } from '../bare-route'
import type { BenchSuite } from '../suite'

async function throughput(url: string, tokens: string[], seconds: number) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    // Rotate the sessions: the API's per-token rate limit (1200/min) must not turn the run into 429s.
    requests: tokens.map((token) => ({
      method: 'GET',
      path: '/api/students/',
      headers: { authorization: token },
    })),
  })
  return {
    rps: result.requests.average,
    latencyP99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
  }
}

const suite: BenchSuite = {
  group: 'throughput',
  async server({ record, fail, percentile, serverUrl, teacher, scratch }) {
    // Sign-in latency: sequential logins with the production scrypt cost (the tokens feed the throughput run).
    const logins: number[] = []
    const tokens: string[] = []
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) {
      const r = await login(serverUrl, teacher.username, teacher.password)
      statuses.push(r.status)
      if (r.token) {
        tokens.push(r.token)
        logins.push(r.ms)
      }
    }
    if (!tokens.length) throw new Error(`no login succeeded (statuses ${statuses.join(',')})`)
    record({
      name: 'login p50 (20 sequential)',
      value: percentile(logins, 50),
      unit: 'ms',
      budget: null,
      pass: null,
      detail: { statuses },
    })
    record({
      name: 'login p95 (20 sequential)',
      value: percentile(logins, 95),
      unit: 'ms',
      budget: null,
      pass: null,
    })

    // Students throughput against a bare Fastify route serving the same bytes, in the same run.
    try {
      const response = await fetch(`${serverUrl}/api/students/`, { headers: { Authorization: tokens[0] } })
      const body = Buffer.from(await response.arrayBuffer())
      const count = (JSON.parse(body.toString()) as { students: unknown[] }).students.length
      const bodyFile = join(scratch, 'students.json')
      writeFileSync(bodyFile, body)
      await throughput(serverUrl, tokens, 2) // warm-up
      const real = await throughput(serverUrl, tokens, 10)
      const bare = await startBareRoute(bodyFile)
      try {
        await throughput(bare.url, tokens, 2)
        const base = await throughput(bare.url, tokens, 10)
        record({
          name: `GET /api/students/ (${count} students)`,
          value: real.rps,
          unit: 'req/s',
          budget: null,
          pass: null,
          detail: { ...real, bodyBytes: body.length },
        })
        record({
          name: 'bare Fastify, same bytes',
          value: base.rps,
          unit: 'req/s',
          budget: null,
          pass: null,
          detail: base,
        })
        record({
          name: 'students throughput ratio (real / bare)',
          value: real.rps / base.rps,
          unit: '×',
          budget: 'reported',
          pass: real.non2xx === 0 && real.errors === 0 ? null : false,
          detail: { non2xx: real.non2xx, errors: real.errors },
        })
      } finally {
        await bare.stop()
      }
    } catch (error) {
      fail('students throughput', error)
    }
  },
}

export default suite
