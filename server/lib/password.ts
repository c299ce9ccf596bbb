/**
 * Password hashing with Node's scrypt (DESIGN §2): N=2^17, r=8, p=1, maxmem 256 MiB. The parameters are part of
 * the stored string (`scrypt$<logN>$<r>$<p>$<salt>$<hash>`) so a hash made with a cheaper test cost still verifies.
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const KEY_LENGTH = 32
const MAXMEM = 256 * 1024 * 1024

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** Hashes `password` with cost N = 2^logN (17 in production). */
export async function hashPassword(password: string, logN = 17): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, { N: 2 ** logN, r: 8, p: 1, maxmem: MAXMEM })
  return ['scrypt', logN, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')
}

/** Constant-time check of `password` against a stored hash; false for malformed hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [logN, r, p] = parts.slice(1, 4).map(Number)
  if (!Number.isInteger(logN) || logN < 1 || logN > 22 || !Number.isInteger(r) || !Number.isInteger(p))
    return false
  const salt = Buffer.from(parts[4], 'base64')
  const expected = Buffer.from(parts[5], 'base64')
  if (expected.length !== KEY_LENGTH) return false
  const key = await scryptAsync(password, salt, { N: 2 ** logN, r, p, maxmem: MAXMEM })
  return timingSafeEqual(key, expected)
}

const dummyHashes = new Map<number, Promise<string>>()

/**
 * Spends the same time as a real check, for sign-ins with an unknown username, so timing does not tell
 * which usernames exist. Always false.
 */
export async function verifyDummyPassword(password: string, logN = 17): Promise<false> {
  let hash = dummyHashes.get(logN)
  if (!hash) {
    hash = hashPassword(randomBytes(12).toString('base64'), logN)
    dummyHashes.set(logN, hash)
  }
  await verifyPassword(password, await hash)
  return false
}

/** A random one-time password of unambiguous characters (first administrator, CLI resets). */
export function randomPassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)]
  return out
}

/** Threads of libuv's pool (4) an import may hold at once: two are left for sign-ins and the rest. */
export const IMPORT_HASH_CONCURRENCY = 2

/**
 * Hashes many passwords (an import) with at most `concurrency` of them in libuv's thread pool at once (4 threads by
 * default), so a sign-in's check and the database driver's work still find a free thread: queued all together, a
 * 24-row import at the production cost held a parallel sign-in 35 s. In the order given.
 */
export async function hashPasswords(
  passwords: readonly string[],
  logN = 17,
  concurrency = IMPORT_HASH_CONCURRENCY,
  options: {
    /** Stops taking new passwords (a client that went away): rejects with the signal's reason. */
    signal?: AbortSignal
    /** After each hash: how many are done. */
    onHashed?: (done: number) => void
  } = {},
): Promise<string[]> {
  const { signal, onHashed } = options
  const hashes: string[] = new Array(passwords.length)
  let next = 0
  let done = 0
  const lane = async () => {
    while (next < passwords.length) {
      signal?.throwIfAborted()
      const index = next++
      hashes[index] = await hashPassword(passwords[index], logN)
      onHashed?.(++done)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, passwords.length) }, lane))
  signal?.throwIfAborted()
  return hashes
}
