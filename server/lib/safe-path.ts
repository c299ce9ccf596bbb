/**
 * Resolving a client's path under a root folder without ever leaving it (DESIGN §6). The text is refused before the
 * file system is touched (`..`, `.`, NUL, backslashes, absolute and drive paths, empty segments, still-encoded dots
 * and slashes); what remains is joined to the root and its real path (symlinks followed) must be the root or below
 * `root + path.sep`, so a sibling such as `files-evil` beside `files` never matches.
 */
import { realpath } from 'node:fs/promises'
import { join, sep } from 'node:path'

export type PathProblem = 'invalid' | 'missing'

export class UnsafePathError extends Error {
  constructor(readonly problem: PathProblem) {
    super(problem)
    this.name = 'UnsafePathError'
  }
}

/** A `%xx` that still encodes a dot, slash, backslash or NUL after the query string was decoded once. */
const STILL_ENCODED = /%(2e|2f|5c|00)/i

/**
 * The segments of a relative path ('' and '/' are the root, `[]`), or null when the text is not a plain relative
 * path of names.
 */
export function pathSegments(raw: string): string[] | null {
  if (raw === '' || raw === '/') return []
  if (raw.includes('\0') || raw.includes('\\') || STILL_ENCODED.test(raw)) return null
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) return null
  const segments = raw.endsWith('/') ? raw.slice(0, -1).split('/') : raw.split('/')
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null
  // A name the file system would read differently (control characters) is not a name we serve.
  if (segments.some((segment) => [...segment].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f')))
    return null
  return segments
}

/** True when `candidate` is `root` or lies below it (both real, absolute paths). */
export function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep)
}

/** The real root, or null when it does not exist. */
export async function realRoot(root: string): Promise<string | null> {
  try {
    return await realpath(root)
  } catch {
    return null
  }
}

/**
 * The real absolute path of `raw` under `root`. Throws `UnsafePathError('invalid')` for a refused text or a path
 * whose real location is outside the root, `UnsafePathError('missing')` when it does not exist.
 */
export async function resolveInside(root: string, raw: string): Promise<string> {
  const segments = pathSegments(raw)
  if (!segments) throw new UnsafePathError('invalid')
  const base = await realRoot(root)
  if (!base) throw new UnsafePathError('missing')
  let real: string
  try {
    real = await realpath(join(base, ...segments))
  } catch {
    throw new UnsafePathError('missing')
  }
  if (!isInside(base, real)) throw new UnsafePathError('invalid')
  return real
}

/**
 * True when `name` can be one new entry of a folder: exactly one path segment by the rules above (no `/`, `\`, NUL,
 * control characters or still-encoded dots and slashes), not made of dots only, at most `maxBytes` UTF-8 bytes.
 */
export function isSafeName(name: string, maxBytes: number): boolean {
  if (name === '' || /^\.+$/.test(name) || name.includes('/')) return false
  if (Buffer.byteLength(name, 'utf8') > maxBytes) return false
  const segments = pathSegments(name)
  return segments !== null && segments.length === 1 && segments[0] === name
}
