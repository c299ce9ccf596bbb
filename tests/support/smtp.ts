/**
 * A loopback SMTP server that keeps every message, and a tiny MIME reader that finds the 6-digit MFA code in
 * the plain-text body (quoted-printable, base64 and multipart handled; `mailparser` does not install here).
 * With `dropDir` every message is also written there as JSON, so other processes (the Playwright workers; the
 * server runs in the global setup) read the mail with `readDroppedMail`.
 */
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'

export interface Mail {
  from: string
  to: string[]
  raw: string
  receivedAt: number
}

type Waiter = { predicate: (mail: Mail) => boolean; resolve: (mail: Mail) => void }

export interface Mailbox {
  url: string
  port: number
  messages: Mail[]
  /** Resolves with the first message (already received or arriving later) that matches. */
  waitFor(predicate: (mail: Mail) => boolean, timeoutMs?: number): Promise<Mail>
  /** Waits for a mail to `to` ('*' for any address) received after `since` (epoch ms) and returns its 6-digit code. */
  waitForCode(to: string, since: number, timeoutMs?: number): Promise<string>
  close(): Promise<void>
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const unfolded = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < unfolded.length; i++) {
    const ch = unfolded[i]
    const hex = unfolded.slice(i + 1, i + 3)
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw)
  const head = match ? raw.slice(0, match.index) : raw
  const body = match ? raw.slice(match.index + match[0].length) : ''
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

/** The decoded text parts of a message, plain text first. */
export function textParts(raw: string): string[] {
  const { headers, body } = splitMessage(raw)
  const type = headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1)
    const texts = parts.filter((p) => !p.startsWith('--')).flatMap((p) => textParts(p.replace(/^\r?\n/, '')))
    return texts
  }
  if (!/^text\//i.test(type)) return []
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase()
  let text = body
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body)
  else if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return /^text\/plain/i.test(type) ? [text] : [text.replace(/<[^>]*>/g, ' ')]
}

/** The first standalone 6-digit number in the message's text body. */
export function extractCode(raw: string): string | null {
  for (const text of textParts(raw)) {
    const match = /(?<!\d)(\d{6})(?!\d)/.exec(text)
    if (match) return match[1]
  }
  return null
}

/** The messages `startSmtp({ dropDir })` wrote into `dir`, oldest first. */
export function readDroppedMail(dir: string): Mail[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Mail)
}

export async function startSmtp(options: { dropDir?: string } = {}): Promise<Mailbox> {
  const messages: Mail[] = []
  let waiters: Waiter[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    secure: false,
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const mail: Mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        }
        messages.push(mail)
        if (options.dropDir) {
          const name = `${String(messages.length).padStart(6, '0')}.json`
          writeFileSync(join(options.dropDir, `${name}.tmp`), JSON.stringify(mail))
          // Written whole, then renamed: a reader never sees half a message.
          renameSync(join(options.dropDir, `${name}.tmp`), join(options.dropDir, name))
        }
        const ready = waiters.filter((w) => w.predicate(mail))
        waiters = waiters.filter((w) => !ready.includes(w))
        for (const w of ready) w.resolve(mail)
        callback()
      })
    },
  })
  server.on('error', () => {})
  const port: number = await new Promise((resolve, reject) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address()
      if (!address || typeof address === 'string') reject(new Error('smtp: no port'))
      else resolve(address.port)
    })
  })

  const waitFor = (predicate: (mail: Mail) => boolean, timeoutMs = 20_000) => {
    const found = messages.find(predicate)
    if (found) return Promise.resolve(found)
    return new Promise<Mail>((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        resolve: (mail) => {
          clearTimeout(timer)
          resolve(mail)
        },
      }
      const timer = setTimeout(() => {
        waiters = waiters.filter((w) => w !== waiter)
        reject(new Error(`no mail arrived within ${timeoutMs} ms (${messages.length} received in total)`))
      }, timeoutMs)
      waiters.push(waiter)
    })
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor,
    async waitForCode(to, since, timeoutMs) {
      const address = to.toLowerCase()
      const mail = await waitFor(
        (m) => m.receivedAt >= since && (address === '*' || m.to.includes(address)) && !!extractCode(m.raw),
        timeoutMs,
      )
      return extractCode(mail.raw)!
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
