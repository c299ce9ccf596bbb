/**
 * HTTPS out of the box (issue 17): `npm run cert`'s authority and server certificate, and the real server process
 * serving HTTPS with them — the 308 from the plain-HTTP port, /ca.crt, a renewed certificate picked up on SIGHUP (and
 * a broken one refused), and a missing file that stops the start before anything opens or listens.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { connect as netConnect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect as tlsConnect } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, cleanEnv, freePort, removeDir, runCommand } from '../../tests/support/server'
import { ConfigError, loadConfig } from '../config'
import { httpsOrigin } from '../https'
import { SERVER_CERT_DAYS, issueServerCertificate, tlsFiles } from '../lib/certificate-authority'

const DAY_MS = 24 * 60 * 60 * 1000

function scratch(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

function certificate(path: string): X509Certificate {
  return new X509Certificate(readFileSync(path))
}

function mode(path: string): number {
  return statSync(path).mode & 0o777
}

describe('the HTTPS variables', () => {
  function problems(env: Record<string, string>): string[] {
    try {
      loadConfig(env)
      return []
    } catch (error) {
      return (error as ConfigError).problems
    }
  }

  it('take both files or neither, and a redirect port only with HTTPS and apart from PORT', () => {
    expect(problems({ HTTPS_KEY: 'k.pem' })).toEqual([
      'HTTPS_CERT: hiányzik, a HTTPS_KEY mellé kötelező / missing: required with HTTPS_KEY',
    ])
    expect(problems({ HTTP_REDIRECT_PORT: '80' })[0]).toMatch(
      /^HTTP_REDIRECT_PORT=80: csak HTTPS_CERT és HTTPS_KEY mellett/,
    )
    expect(
      problems({ HTTPS_CERT: 'c.pem', HTTPS_KEY: 'k.pem', PORT: '8443', HTTP_REDIRECT_PORT: '8443' })[0],
    ).toMatch(/^HTTP_REDIRECT_PORT=8443: nem lehet azonos a PORT-tal/)
    expect(problems({ HTTPS_CERT: 'c.pem', HTTPS_KEY: 'k.pem', HTTP_REDIRECT_PORT: 'nyolcvan' })[0]).toMatch(
      /^HTTP_REDIRECT_PORT=nyolcvan:/,
    )
    const config = loadConfig({ HTTPS_CERT: 'tls/c.pem', HTTPS_KEY: 'tls/k.pem', HTTP_REDIRECT_PORT: '80' })
    expect(config.HTTPS_CERT).toBe(join(process.cwd(), 'tls/c.pem'))
    expect(config.HTTP_REDIRECT_PORT).toBe(80)
    expect(loadConfig({}).HTTPS_CERT).toBeNull()
  })

  it('the redirect keeps the host name and swaps in the HTTPS port (none for 443)', () => {
    expect(httpsOrigin('portal.iskola.lan', 443)).toBe('https://portal.iskola.lan')
    expect(httpsOrigin('portal.iskola.lan:80', 8443)).toBe('https://portal.iskola.lan:8443')
    expect(httpsOrigin('[fd00::1]:80', 443)).toBe('https://[fd00::1]')
    for (const bad of [undefined, '', 'evil.example/path', 'user@host', 'a b'])
      expect(httpsOrigin(bad, 443)).toBeNull()
  })
})

describe('npm run cert: the school’s certificate authority', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach(removeDir))

  it('makes an authority and a server certificate for host names and addresses, keys for the owner only', () => {
    const dataDir = scratch('portal-cert-')
    dirs.push(dataDir)
    const result = issueServerCertificate(dataDir, ['portal.iskola.lan', '192.168.1.10', 'fd00::10'])
    const files = tlsFiles(dataDir)
    expect(result.createdAuthority).toBe(true)
    expect(mode(files.dir)).toBe(0o700)
    expect(mode(files.caKey)).toBe(0o600)
    expect(mode(files.serverKey)).toBe(0o600)

    const ca = certificate(files.caCert)
    const server = certificate(files.serverCert)
    expect(ca.ca).toBe(true)
    expect(server.ca).toBe(false)
    expect(server.checkIssued(ca)).toBe(true)
    expect(server.verify(ca.publicKey)).toBe(true)
    expect(server.subjectAltName).toBe(
      'DNS:portal.iskola.lan, IP Address:192.168.1.10, IP Address:FD00:0:0:0:0:0:0:10',
    )
    // Node lists the extended key usages here: serverAuth only.
    expect(server.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1'])
    expect(server.checkHost('portal.iskola.lan')).toBe('portal.iskola.lan')
    expect(server.checkIP('192.168.1.10')).toBe('192.168.1.10')
    const days = (Date.parse(server.validTo) - Date.parse(server.validFrom)) / DAY_MS
    expect(days).toBeLessThanOrEqual(SERVER_CERT_DAYS)
    expect(result.caFingerprint).toBe(ca.fingerprint256)
  })

  it('keeps the same authority when run again for other names, with a new server certificate', () => {
    const dataDir = scratch('portal-cert-')
    dirs.push(dataDir)
    const files = tlsFiles(dataDir)
    issueServerCertificate(dataDir, ['portal.test'])
    const caBefore = readFileSync(files.caCert, 'utf8')
    const caKeyBefore = readFileSync(files.caKey, 'utf8')
    const serverBefore = certificate(files.serverCert)

    const again = issueServerCertificate(dataDir, ['portal.test', '10.0.0.5'])
    expect(again.createdAuthority).toBe(false)
    expect(readFileSync(files.caCert, 'utf8')).toBe(caBefore)
    expect(readFileSync(files.caKey, 'utf8')).toBe(caKeyBefore)
    const serverAfter = certificate(files.serverCert)
    expect(serverAfter.serialNumber).not.toBe(serverBefore.serialNumber)
    expect(serverAfter.subjectAltName).toBe('DNS:portal.test, IP Address:10.0.0.5')
    expect(serverAfter.checkIssued(certificate(files.caCert))).toBe(true)
    expect(serverAfter.verify(certificate(files.caCert).publicKey)).toBe(true)
    expect(mode(files.serverKey)).toBe(0o600)
  })

  it(
    'the command: bad input is refused in Hungarian with exit code 2 and nothing written; good input prints the variables',
    { timeout: 60_000 },
    async () => {
      const dataDir = join(scratch('portal-cert-cli-'), 'data')
      dirs.push(dataDir)
      const cli = (args: string[]) =>
        runCommand(process.execPath, ['--import', 'tsx', 'server/cli/cert.ts', ...args], {
          env: cleanEnv({ DATA_DIR: dataDir }),
        })

      const none = await cli([])
      expect(none.code).toBe(2)
      expect(none.stderr).toContain('Adj meg legalább egy gépnevet vagy IP-címet')
      const bad = await cli(['portal.iskola.lan', 'https://portal.iskola.lan:8443'])
      expect(bad.code).toBe(2)
      expect(bad.stderr).toContain('Érvénytelen név: "https://portal.iskola.lan:8443"')
      expect(existsSync(dataDir)).toBe(false)

      const good = await cli(['portal.iskola.lan', '192.168.1.10'])
      expect(good.code, good.stderr).toBe(0)
      const files = tlsFiles(dataDir)
      expect(good.stdout).toContain(`HTTPS_CERT=${files.serverCert} HTTPS_KEY=${files.serverKey}`)
      for (const text of [
        'Android tablet',
        'iPad',
        'Tanúsítványmegbízhatósági beállítások',
        'Windows PC',
        'Megbízható legfelső szintű hitelesítésszolgáltatók',
        'SIGHUP',
      ])
        expect(good.stdout).toContain(text)
      expect(certificate(files.serverCert).subjectAltName).toBe(
        'DNS:portal.iskola.lan, IP Address:192.168.1.10',
      )
    },
  )
})

interface Spawned {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
  stop: () => Promise<void>
}

function spawnServer(env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: cleanEnv({
      HOST: '127.0.0.1',
      PASSWORD_HASH_LOG_N: '10',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)))
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await exited
    },
  }
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** GET over HTTPS to 127.0.0.1:port as `host` (SNI and Host), trusting only `ca`. */
function getHttps(port: number, path: string, ca: Buffer, host = 'portal.test'): Promise<Answer> {
  return new Promise((resolveGet, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        servername: host,
        headers: { host: `${host}:${port}` },
        ca,
        agent: false,
      },
      (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolveGet({ status: res.statusCode!, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

function plainHttp(
  port: number,
  method: string,
  path: string,
  host: string,
): Promise<Answer & { raw: Buffer }> {
  return new Promise((resolveGet, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { host }, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const raw = Buffer.concat(chunks)
          resolveGet({ status: res.statusCode!, headers: res.headers, body: raw.toString(), raw })
        })
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** The serial number of the certificate the server presents to a new TLS connection. */
function servedSerial(port: number, ca: Buffer): Promise<string> {
  return new Promise((resolveSerial, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, servername: 'portal.test', ca }, () => {
      const serial = socket.getPeerX509Certificate()!.serialNumber
      socket.end()
      resolveSerial(serial)
    })
    socket.on('error', reject)
  })
}

async function until<T>(
  what: string,
  probe: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  while (Date.now() < deadline) {
    try {
      last = await probe()
      if (done(last)) return last
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`timed out waiting for ${what} (last: ${String(last)})`)
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolveRefused) => {
    const socket = netConnect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolveRefused(false)
    })
    socket.once('error', () => resolveRefused(true))
  })
}

describe('the server over HTTPS (a real process)', () => {
  let dataDir = ''
  let port = 0
  let redirectPort = 0
  let ca: Buffer
  let server: Spawned

  beforeAll(async () => {
    dataDir = scratch('portal-https-')
    issueServerCertificate(dataDir, ['portal.test', '127.0.0.1'])
    const files = tlsFiles(dataDir)
    ca = readFileSync(files.caCert)
    port = await freePort()
    redirectPort = await freePort()
    server = spawnServer({
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-static-app'),
      PORT: String(port),
      HTTPS_CERT: files.serverCert,
      HTTPS_KEY: files.serverKey,
      HTTP_REDIRECT_PORT: String(redirectPort),
    })
    await until(
      'the HTTPS health check',
      () => getHttps(port, '/api/health', ca),
      (answer) => answer.status === 200,
      90_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output()}`)
    })
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    removeDir(dataDir)
  })

  it('serves the API over HTTPS with the certificate of the school’s authority, HSTS and the CSP', async () => {
    const answer = await getHttps(port, '/api/health', ca)
    expect(answer.status).toBe(200)
    expect(answer.headers['strict-transport-security']).toBe('max-age=15552000')
    expect(answer.headers['content-security-policy']).toContain("connect-src 'self'")
    expect(answer.headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
  })

  it('the plain-HTTP port answers 308 to the same host, path and query on HTTPS, and hands out the authority', async () => {
    const get = await plainHttp(
      redirectPort,
      'GET',
      '/diakok?kereses=Kov%C3%A1cs&x=1',
      `portal.test:${redirectPort}`,
    )
    expect(get.status).toBe(308)
    expect(get.headers.location).toBe(`https://portal.test:${port}/diakok?kereses=Kov%C3%A1cs&x=1`)
    const post = await plainHttp(redirectPort, 'POST', '/api/auth/login', `192.168.1.10:${redirectPort}`)
    expect(post.status).toBe(308)
    expect(post.headers.location).toBe(`https://192.168.1.10:${port}/api/auth/login`)
    const v6 = await plainHttp(redirectPort, 'GET', '/', `[fd00::10]:${redirectPort}`)
    expect(v6.headers.location).toBe(`https://[fd00::10]:${port}/`)
    expect((await plainHttp(redirectPort, 'GET', '/', 'bad host/x')).status).toBe(400)

    const caFile = await plainHttp(redirectPort, 'GET', '/ca.crt', `portal.test:${redirectPort}`)
    expect(caFile.status).toBe(200)
    expect(caFile.headers['content-type']).toBe('application/x-x509-ca-cert')
    expect(caFile.raw.equals(ca)).toBe(true)
  })

  it('picks up a renewed certificate on SIGHUP, and keeps it when the next file is broken', async () => {
    const files = tlsFiles(dataDir)
    const first = await servedSerial(port, ca)
    expect(first).toBe(certificate(files.serverCert).serialNumber)

    issueServerCertificate(dataDir, ['portal.test', '127.0.0.1'])
    const renewed = certificate(files.serverCert).serialNumber
    expect(renewed).not.toBe(first)
    server.child.kill('SIGHUP')
    await until(
      'the renewed certificate',
      () => servedSerial(port, ca),
      (serial) => serial === renewed,
    )

    writeFileSync(files.serverCert, 'not a certificate\n')
    server.child.kill('SIGHUP')
    await until(
      'the reload error in the log',
      () => server.output(),
      (log) => log.includes('a régi marad használatban'),
    )
    expect(server.output()).toContain(`HTTPS_CERT=${files.serverCert}: nem PEM tanúsítvány`)
    expect(await servedSerial(port, ca)).toBe(renewed)
    expect((await getHttps(port, '/api/health', ca)).status).toBe(200)
    expect(server.child.exitCode).toBeNull()
  })
})

describe('a bad HTTPS configuration stops the start', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach(removeDir))

  async function start(env: (dataDir: string) => Record<string, string>) {
    const root = scratch('portal-https-bad-')
    dirs.push(root)
    const dataDir = join(root, 'data')
    const port = await freePort()
    const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), ...env(root) })
    const code = await server.exited
    return { code, output: server.output(), dataDir, port }
  }

  it(
    'a missing certificate file: the variable named in Hungarian, exit 1, no database, nothing listening',
    { timeout: 60_000 },
    async () => {
      const result = await start((root) => {
        issueServerCertificate(join(root, 'made'), ['portal.test'])
        return {
          HTTPS_CERT: join(root, 'nincs', 'server.crt'),
          HTTPS_KEY: tlsFiles(join(root, 'made')).serverKey,
          HTTP_REDIRECT_PORT: '1',
        }
      })
      expect(result.code).toBe(1)
      expect(result.output).toMatch(/HTTPS_CERT=.*nincs\/server\.crt: a fájl nem olvasható: nincs ilyen fájl/)
      expect(existsSync(result.dataDir)).toBe(false)
      expect(await refusesConnections(result.port)).toBe(true)
    },
  )

  // The process starts slowly on a loaded machine: a cap, not a timed assertion.
  it(
    'a key that is not the certificate’s: exit 1 naming HTTPS_KEY, no database',
    { timeout: 60_000 },
    async () => {
      const mismatch = await start((root) => {
        const other = join(root, 'other')
        mkdirSync(other)
        issueServerCertificate(root, ['portal.test'])
        issueServerCertificate(other, ['portal.test'])
        return { HTTPS_CERT: tlsFiles(root).serverCert, HTTPS_KEY: tlsFiles(other).serverKey }
      })
      expect(mismatch.code).toBe(1)
      expect(mismatch.output).toContain('nem a HTTPS_CERT tanúsítvány kulcsa')
      expect(existsSync(mismatch.dataDir)).toBe(false)
    },
  )
})
