/**
 * Per-user outbox keys (issue 17, docs/decisions/client-writes.md, "Parked writes"): HMAC-SHA256(server secret, user id). The same
 * account always gets the same key — across sessions, password resets and processes sharing DATA_DIR — and no
 * account can compute another's. The secret is 32 random bytes in `DATA_DIR/outbox-key.secret` (owner-only),
 * created once: written to a temporary file and linked into place, so processes starting together agree on one.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const OUTBOX_SECRET_FILE = 'outbox-key.secret'

const secrets = new Map<string, Buffer>()

function readSecret(path: string): Buffer | null {
  try {
    const secret = Buffer.from(readFileSync(path, 'utf8').trim(), 'hex')
    return secret.length === 32 ? secret : null
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** The server's outbox secret, created on first use. */
export function outboxSecret(dataDir: string): Buffer {
  const known = secrets.get(dataDir)
  if (known) return known
  const path = join(dataDir, OUTBOX_SECRET_FILE)
  let secret = readSecret(path)
  if (!secret) {
    mkdirSync(dataDir, { recursive: true })
    const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 })
    try {
      linkSync(temporary, path)
    } catch (error) {
      // Another process made it first: theirs is the one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      rmSync(temporary, { force: true })
    }
    secret = readSecret(path)
    if (!secret) throw new Error(`A(z) ${path} fájl nem érvényes kulcs.`)
  }
  secrets.set(dataDir, secret)
  return secret
}

/** The outbox key of user `userId`: 32 bytes, base64url. */
export function outboxKey(dataDir: string, userId: string): string {
  return createHmac('sha256', outboxSecret(dataDir)).update(`portal-outbox-key:${userId}`).digest('base64url')
}
