/**
 * Outgoing mail (MFA codes). With SMTP_URL, nodemailer sends over SMTP; without it the message goes to the
 * server log and to a file in DATA_DIR/outbox/ (DESIGN §2), which is enough for a single-machine install.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Config } from '../config'

export interface MailMessage {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
}

/** The part of a logger (the app's pino logger) the mailer is given. */
type LogLike = Record<'info' | 'warn', (fields: Record<string, unknown>, message: string) => void>

export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
  log: LogLike,
): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL)
    return {
      async send(message) {
        await transport.sendMail({ from: config.MAIL_FROM, ...message })
      },
      close: () => transport.close(),
    }
  }
  const outbox = join(config.DATA_DIR, 'outbox')
  return {
    async send(message) {
      log.warn(
        { to: message.to, subject: message.subject, text: message.text },
        'SMTP_URL nincs beállítva: a levél a naplóba és az outboxba került',
      )
      await mkdir(outbox, { recursive: true, mode: 0o700 })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.txt`
      const content = `From: ${config.MAIL_FROM}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`
      await writeFile(join(outbox, name), content, { mode: 0o600 })
    },
    close: () => {},
  }
}

/** The plain-text MFA mail: the code on its own line so a reader (or a test) finds it easily. */
export function mfaMail(productName: string, to: string, code: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: `${productName} – bejelentkezési hitelesítő kód`,
    text: [
      'Szia!',
      '',
      `A bejelentkezéshez szükséges hitelesítő kódod (${ttlMinutes} percig érvényes):`,
      '',
      `    ${code}`,
      '',
      'Ha nem te próbáltál bejelentkezni, hagyd figyelmen kívül ezt a levelet, és szólj a rendszergazdának.',
      '',
      productName,
    ].join('\n'),
  }
}
