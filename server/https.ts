/**
 * The server's own HTTPS (issue 17): the certificate files read and checked before anything starts, re-read on
 * SIGHUP (a renewed certificate without a restart; a bad one keeps the old), and the plain-HTTP port that answers 308
 * to the HTTPS origin and hands out the school's certificate authority (`/ca.crt`) to a device that does not trust it
 * yet. `main.ts` wires them; `npm run cert` (server/cli/cert.ts) makes the files.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type Server as HttpServer } from 'node:http'
import type { Server as HttpsServer } from 'node:https'
import { createSecureContext } from 'node:tls'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config'
import { tlsFiles } from './lib/certificate-authority'

export interface CertificatePair {
  cert: Buffer
  key: Buffer
}

/** A certificate problem, in Hungarian (and English), naming the variable to fix. */
export class CertificateError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CertificateError'
  }
}

function readPem(name: 'HTTPS_CERT' | 'HTTPS_KEY', path: string): Buffer {
  try {
    return readFileSync(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const why =
      code === 'ENOENT'
        ? 'nincs ilyen fájl / no such file'
        : code === 'EACCES'
          ? 'nincs jogosultság olvasni / permission denied'
          : code === 'EISDIR'
            ? 'ez egy könyvtár, nem fájl / is a directory'
            : `nem olvasható / cannot be read (${code ?? String(error)})`
    throw new CertificateError(`${name}=${path}: a fájl nem olvasható: ${why}`)
  }
}

/** Reads both files and checks that they are a PEM certificate and its own private key. */
export function readCertificatePair(config: Pick<Config, 'HTTPS_CERT' | 'HTTPS_KEY'>): CertificatePair {
  const certPath = config.HTTPS_CERT!
  const keyPath = config.HTTPS_KEY!
  const cert = readPem('HTTPS_CERT', certPath)
  const key = readPem('HTTPS_KEY', keyPath)
  try {
    new X509Certificate(cert)
  } catch {
    throw new CertificateError(
      `HTTPS_CERT=${certPath}: nem PEM tanúsítvány / not a PEM certificate ("-----BEGIN CERTIFICATE-----")`,
    )
  }
  try {
    createPrivateKey(key)
  } catch {
    throw new CertificateError(
      `HTTPS_KEY=${keyPath}: nem PEM titkos kulcs / not a PEM private key ("-----BEGIN PRIVATE KEY-----")`,
    )
  }
  try {
    createSecureContext({ cert, key })
  } catch (error) {
    throw new CertificateError(
      `HTTPS_KEY=${keyPath}: nem a HTTPS_CERT tanúsítvány kulcsa / is not the key of HTTPS_CERT (${(error as Error).message})`,
    )
  }
  return { cert, key }
}

function describe(cert: Buffer): { serialNumber: string; validTo: string; subjectAltName?: string } {
  const x509 = new X509Certificate(cert)
  return { serialNumber: x509.serialNumber, validTo: x509.validTo, subjectAltName: x509.subjectAltName }
}

/**
 * On SIGHUP, reads the files again and gives new connections the new certificate. A file that is missing, broken
 * or not a pair keeps the certificate in use and logs why. Returns the function that stops listening.
 */
export function reloadOnSighup(server: HttpsServer, config: Config, log: FastifyBaseLogger): () => void {
  const reload = () => {
    try {
      const pair = readCertificatePair(config)
      server.setSecureContext(pair)
      log.info({ certificate: describe(pair.cert) }, 'SIGHUP: új tanúsítvány betöltve / certificate reloaded')
    } catch (error) {
      log.error(
        { err: error },
        'SIGHUP: a tanúsítvány nem tölthető be, a régi marad használatban / reload failed, the old certificate stays',
      )
    }
  }
  process.on('SIGHUP', reload)
  return () => process.off('SIGHUP', reload)
}

/** The HTTPS origin for a plain-HTTP request's Host header (the same host name, the HTTPS port), or null. */
export function httpsOrigin(host: string | undefined, httpsPort: number): string | null {
  if (!host) return null
  try {
    const { hostname, username, password, pathname } = new URL(`http://${host}`)
    if (!hostname || username || password || pathname !== '/') return null
    return `https://${hostname}${httpsPort === 443 ? '' : `:${httpsPort}`}`
  } catch {
    return null
  }
}

/**
 * The plain-HTTP port next to HTTPS: GET /ca.crt gives the school's authority (made by `npm run cert`, if there is
 * one), everything else a 308 to the same path and query on the HTTPS origin (308 keeps the method and body).
 */
export async function startRedirectServer(config: Config, log: FastifyBaseLogger): Promise<HttpServer> {
  const caPath = tlsFiles(config.DATA_DIR).caCert
  const server = createServer((request, response) => {
    const path = request.url ?? '/'
    if (path === '/ca.crt' && (request.method === 'GET' || request.method === 'HEAD')) {
      let ca: Buffer
      try {
        ca = readFileSync(caPath)
      } catch {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
        response.end('Nincs iskolai tanúsítványkiadó ezen a szerveren (npm run cert).\n')
        return
      }
      response.writeHead(200, {
        'Content-Type': 'application/x-x509-ca-cert',
        'Content-Disposition': 'attachment; filename="ca.crt"',
        'Content-Length': ca.length,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      })
      response.end(request.method === 'HEAD' ? undefined : ca)
      return
    }
    const origin = httpsOrigin(request.headers.host, config.PORT)
    if (!origin || !path.startsWith('/')) {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
      response.end('Hibás kérés.\n')
      return
    }
    response.writeHead(308, { Location: `${origin}${path}`, 'Content-Length': 0 })
    response.end()
  })
  server.on('clientError', (_error, socket) => socket.destroy())
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(config.HTTP_REDIRECT_PORT!, config.HOST, () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  log.info(
    { port: config.HTTP_REDIRECT_PORT },
    'HTTP → HTTPS átirányítás és /ca.crt / HTTP redirect and /ca.crt',
  )
  return server
}
