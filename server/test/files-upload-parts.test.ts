/**
 * Uploads in progress (issue 18): the part file being written is never listed or downloadable, stale parts left
 * by a crash are removed at start, a retried upload with the same Idempotency-Key gets its first answer, and an
 * upload refused before its body is read closes its keep-alive connection (the next request would get no answer).
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { UPLOAD_TEMP_PREFIX } from '../services/file-writes'
import { drivers, useTestApp, type TestApp } from './build'

const base = mkdtempSync(join(tmpdir(), 'portal-parts-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

const BOUNDARY = '----portal-teszt-hatar'

function multipartBody(fileName: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
}

/** Every part file under `dir`, recursively. */
function parts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.name.startsWith(UPLOAD_TEMP_PREFIX))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
}

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function listening(t: TestApp): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' })
  return (t.app.server.address() as AddressInfo).port
}

describe.each(drivers)('uploads in progress on %s', (driver) => {
  const root = join(base, driver, 'files')
  mkdirSync(join(root, 'Mappa'), { recursive: true })
  // Left by a crash two hours ago (stale), and one being written right now by another process (fresh).
  const stale = [
    join(root, `${UPLOAD_TEMP_PREFIX}regi.part`),
    join(root, 'Mappa', `${UPLOAD_TEMP_PREFIX}regi2.part`),
  ]
  const fresh = join(root, 'Mappa', `${UPLOAD_TEMP_PREFIX}friss.part`)
  for (const file of [...stale, fresh]) writeFileSync(file, 'félkész')
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
  for (const file of stale) utimesSync(file, twoHoursAgo, twoHoursAgo)
  const t = useTestApp(driver, { env: { FILES_ROOT: root } })

  it('removes stale parts at start and keeps a fresh one (another process may be writing it)', async () => {
    await waitFor(() => stale.every((file) => !existsSync(file)))
    expect(existsSync(fresh)).toBe(true)
  })

  it('never lists or serves the part of an upload in progress', async () => {
    const port = await listening(t)
    const { token } = await t.signedIn('admin')
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/files/upload?path=',
      headers: {
        authorization: token,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': 10 * 1024 * 1024,
      },
    })
    req.on('error', () => {})
    req.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="felbe.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    )
    req.write(randomBytes(256 * 1024))
    await waitFor(() => parts(root).some((file) => !file.includes('friss')))
    const part = parts(root).find((file) => !file.includes('friss'))!
    const name = part.slice(root.length + 1)
    try {
      for (const path of ['', 'Mappa']) {
        const list = await t.app.inject({ url: `/api/files?path=${path}`, headers: { authorization: token } })
        expect(list.statusCode).toBe(200)
        const names = list.json().files.map((file: { fileName: string }) => file.fileName)
        expect(names.filter((n: string) => n.startsWith(UPLOAD_TEMP_PREFIX))).toEqual([])
      }
      for (const path of [name, `Mappa/${UPLOAD_TEMP_PREFIX}friss.part`]) {
        const download = await t.app.inject({
          url: `/api/files/file?path=${encodeURIComponent(path)}`,
          headers: { authorization: token },
        })
        expect(download.statusCode, path).toBe(404)
      }
    } finally {
      req.destroy()
    }
  })

  it('answers a retried upload with the same Idempotency-Key with its first answer', async () => {
    const { token } = await t.signedIn('admin')
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/files/upload?path=Mappa',
        headers: {
          authorization: token,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'idempotency-key': 'feltoltes-ujra-1',
        },
        payload: multipartBody('ujra.bin', randomBytes(4 * 1024 * 1024)),
      })
    // Sent twice at once (a client that gave up waiting), then once more after both answered.
    const [first, concurrent] = await Promise.all([send(), send()])
    expect(first.statusCode, first.body).toBe(201)
    expect(concurrent.statusCode, concurrent.body).toBe(201)
    expect(concurrent.json()).toEqual(first.json())
    const again = await send()
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json()).toEqual(first.json())
  })

  it('closes a keep-alive connection after refusing an upload before reading its body', async () => {
    const port = await listening(t)
    const { token } = await t.signedIn('teacher') // no uploadFile: 403 before the body is read
    const body = multipartBody('tilos.bin', randomBytes(512 * 1024))
    const answer = await new Promise<{ head: string; closed: boolean }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1')
      let out = ''
      socket.setEncoding('latin1')
      socket.on('data', (chunk: string) => (out += chunk))
      socket.on('error', () => {})
      socket.on('close', () => resolve({ head: out.split('\r\n\r\n')[0], closed: true }))
      socket.write(
        `POST /api/files/upload?path= HTTP/1.1\r\nHost: portal.test\r\nConnection: keep-alive\r\n` +
          `Authorization: ${token}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
          `Content-Length: ${body.length}\r\n\r\n`,
      )
      socket.write(body)
      setTimeout(() => {
        socket.destroy()
        reject(new Error(`the connection stayed open: ${out.split('\r\n')[0]}`))
      }, 5000).unref()
    })
    expect(answer.head).toMatch(/^HTTP\/1\.1 403/)
    expect(answer.head.toLowerCase()).toContain('connection: close')
    expect(answer.closed).toBe(true)
  })
})
