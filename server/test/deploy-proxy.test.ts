/**
 * The reverse-proxy configurations of deploy/ (README "On the school network", way (b)), run with the real nginx and
 * Caddy binaries in front of the app with `TRUST_PROXY=127.0.0.1`: HTTPS with a certificate of `npm run cert` passes
 * through, the app sees the client's own address (not the proxy's, not a made-up X-Forwarded-For) and https as the
 * protocol, plain HTTP answers 308 to HTTPS and hands out /ca.crt. The files are used as committed, with only the
 * names, ports and paths a school replaces swapped for the test's. A missing binary skips its test (and says so).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, freePort, removeDir } from '../../tests/support/server'
import { buildApp } from '../app'
import { issueServerCertificate, tlsFiles, type TlsFiles } from '../lib/certificate-authority'
import { freshDatabase, testConfig } from './build'

const NGINX = '/usr/sbin/nginx'
const CADDY = '/usr/bin/caddy'
/** A loopback address of the client's own, so the app can tell the client (127.0.0.2) from the proxy (127.0.0.1). */
const CLIENT_ADDRESS = '127.0.0.2'

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

function send(
  scheme: 'http' | 'https',
  port: number,
  path: string,
  options: { ca?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolveSend, reject) => {
    const request = (scheme === 'https' ? httpsRequest : httpRequest)(
      {
        host: '127.0.0.1',
        port,
        path,
        localAddress: CLIENT_ADDRESS,
        servername: 'portal.test',
        ca: options.ca,
        agent: false,
        headers: { host: `portal.test:${port}`, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolveSend({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        )
      },
    )
    request.on('error', reject)
    request.end()
  })
}

/** The committed file with each of `swaps` replaced; a swap that no longer matches fails the test. */
function configFrom(path: string, swaps: [string, string][]): string {
  let text = readFileSync(join(ROOT, path), 'utf8')
  for (const [from, to] of swaps) {
    if (!text.includes(from)) throw new Error(`${path} no longer contains "${from}"`)
    text = text.split(from).join(to)
  }
  return text
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()))
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

async function untilAnswers(
  probe: () => Promise<Answer>,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 30_000
  let last = ''
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the proxy exited (${child.exitCode}):\n${log()}`)
    try {
      if ((await probe()).status === 200) return
    } catch (error) {
      last = String(error)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`the proxy did not answer (${last}):\n${log()}`)
}

describe('deploy/: a reverse proxy in front of the portal', () => {
  let app: FastifyInstance
  let drop: () => Promise<void>
  let appPort = 0
  let dir = ''
  let files: TlsFiles
  let ca: Buffer

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-deploy-'))
    issueServerCertificate(dir, ['portal.test'])
    files = tlsFiles(dir)
    ca = readFileSync(files.caCert)
    const fresh = await freshDatabase('pglite')
    drop = fresh.drop
    app = await buildApp({
      config: testConfig({ TRUST_PROXY: '127.0.0.1' }),
      db: fresh.handle,
      housekeepingMs: 0,
      // What the app made of the request: the address the sign-in throttle counts, the protocol, the host.
      apiRoutes: async (api) => {
        api.get('/test/client', async (request) => ({
          ip: request.ip,
          protocol: request.protocol,
          host: request.host,
        }))
      },
    })
    appPort = await freePort()
    await app.listen({ port: appPort, host: '127.0.0.1' })
  })

  afterAll(async () => {
    await app?.close()
    await drop?.()
    removeDir(dir)
  })

  /** The checks every proxy must pass. */
  async function expectPassesThrough(httpsPort: number, httpPort: number): Promise<void> {
    const made = await send('https', httpsPort, '/api/test/client', {
      ca,
      headers: { 'X-Forwarded-For': '203.0.113.7' },
    })
    expect(made.status).toBe(200)
    expect(JSON.parse(made.body.toString())).toEqual({
      ip: CLIENT_ADDRESS,
      protocol: 'https',
      host: `portal.test:${httpsPort}`,
    })
    const health = await send('https', httpsPort, '/api/health', { ca })
    expect(health.status).toBe(200)
    expect(health.headers['strict-transport-security']).toBe('max-age=15552000')

    const redirect = await send('http', httpPort, '/diakok?x=1')
    expect(redirect.status).toBe(308)
    expect(redirect.headers.location).toMatch(/^https:\/\/portal\.test(:\d+)?\/diakok\?x=1$/)
    const caFile = await send('http', httpPort, '/ca.crt')
    expect(caFile.status).toBe(200)
    expect(caFile.headers['content-type']).toBe('application/x-x509-ca-cert')
    expect(caFile.body.equals(ca)).toBe(true)
  }

  it.skipIf(!existsSync(NGINX))(
    `nginx (deploy/nginx/oktatoi-portal.conf${existsSync(NGINX) ? '' : `; skipped: no ${NGINX}`})`,
    async () => {
      const work = join(dir, 'nginx')
      mkdirSync(work)
      const [httpPort, httpsPort] = [await freePort(), await freePort()]
      const site = configFrom('deploy/nginx/oktatoi-portal.conf', [
        ['server 127.0.0.1:8080;', `server 127.0.0.1:${appPort};`],
        ['    listen [::]:80;\n', ''],
        ['    listen [::]:443 ssl http2;\n', ''],
        ['listen 80;', `listen 127.0.0.1:${httpPort};`],
        ['listen 443 ssl', `listen 127.0.0.1:${httpsPort} ssl`],
        ['server_name portal.iskola.hu;', 'server_name portal.test;'],
        ['/etc/letsencrypt/live/portal.iskola.hu/fullchain.pem', files.serverCert],
        ['/etc/letsencrypt/live/portal.iskola.hu/privkey.pem', files.serverKey],
        ['/etc/oktatoi-portal/tls/ca.crt', files.caCert],
        ['/var/www/certbot', work],
      ])
      writeFileSync(join(work, 'site.conf'), site)
      writeFileSync(
        join(work, 'nginx.conf'),
        [
          'daemon off;',
          'master_process off;',
          'worker_processes 1;',
          `pid ${work}/nginx.pid;`,
          `error_log ${work}/error.log warn;`,
          'events { worker_connections 64; }',
          'http {',
          '  access_log off;',
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (kind) => `  ${kind}_temp_path ${work}/${kind};`,
          ),
          `  include ${work}/site.conf;`,
          '}',
        ].join('\n'),
      )
      const nginx = run(NGINX, ['-e', `${work}/error.log`, '-p', work, '-c', `${work}/nginx.conf`])
      try {
        const log = () =>
          `${nginx.output()}${existsSync(`${work}/error.log`) ? readFileSync(`${work}/error.log`, 'utf8') : ''}`
        await untilAnswers(() => send('https', httpsPort, '/api/health', { ca }), nginx.child, log)
        await expectPassesThrough(httpsPort, httpPort)
      } finally {
        await nginx.stop()
      }
    },
  )

  it.skipIf(!existsSync(CADDY))(
    `Caddy (deploy/caddy/Caddyfile${existsSync(CADDY) ? '' : `; skipped: no ${CADDY}`})`,
    async () => {
      const work = join(dir, 'caddy')
      mkdirSync(work)
      const [httpPort, httpsPort] = [await freePort(), await freePort()]
      const site = configFrom('deploy/caddy/Caddyfile', [
        ['portal.iskola.lan {', 'portal.test {'],
        ['/etc/oktatoi-portal/tls/server.crt', files.serverCert],
        ['/etc/oktatoi-portal/tls/server.key', files.serverKey],
        ['/etc/oktatoi-portal/tls', files.dir],
        ['127.0.0.1:8080', `127.0.0.1:${appPort}`],
      ])
      const global = [
        '{',
        '\tadmin off',
        `\thttp_port ${httpPort}`,
        `\thttps_port ${httpsPort}`,
        '\tdefault_bind 127.0.0.1',
        `\tstorage file_system ${work}/storage`,
        '\tskip_install_trust',
        '}',
        '',
      ].join('\n')
      writeFileSync(join(work, 'Caddyfile'), global + site)
      const caddy = run(CADDY, ['run', '--adapter', 'caddyfile', '--config', join(work, 'Caddyfile')], {
        ...process.env,
        HOME: work,
        XDG_DATA_HOME: join(work, 'data'),
        XDG_CONFIG_HOME: join(work, 'config'),
      })
      try {
        await untilAnswers(() => send('https', httpsPort, '/api/health', { ca }), caddy.child, caddy.output)
        await expectPassesThrough(httpsPort, httpPort)
      } finally {
        await caddy.stop()
      }
    },
  )
})
