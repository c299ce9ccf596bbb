/**
 * PGlite is single-process (DESIGN §2): the data directory is locked by a Unix socket that the owner listens on
 * at `DATA_DIR/db.lock`. The kernel closes it when the owner dies however it dies, so a lock is held exactly while
 * its process lives: a stale lock (a socket nobody listens on, or an old pid file) is taken over at once, and a
 * reused PID (PID 1 in a container, our own PID after a restart) can never keep a server from starting. A second
 * live process connects, is told the owner's PID, and is refused.
 */
import { mkdirSync, rmSync } from 'node:fs'
import net from 'node:net'
import { join, resolve } from 'node:path'

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Az adatkönyvtárat (${dataDir}) már egy másik szerverfolyamat használja (PID ${pid}). Állítsd le azt, vagy adj meg másik DATA_DIR-t.\n` +
        `The data directory (${dataDir}) is already in use by another server process (PID ${pid}). Stop it or choose another DATA_DIR.`,
    )
    this.name = 'DataDirLockedError'
  }
}

/** Unix socket paths are limited to 108 bytes on Linux (104 on macOS). */
const MAX_SOCKET_PATH = 100

/** How long a new owner waits before checking that nobody replaced its socket in the same instant. */
const SETTLE_MS = 50

function listen(path: string, answer: string): Promise<net.Server> {
  return new Promise((resolvePromise, reject) => {
    const server = net.createServer((socket) => {
      socket.on('error', () => {})
      socket.end(answer)
    })
    server.once('error', reject)
    server.listen(path, () => {
      server.off('error', reject)
      server.on('error', () => {})
      server.unref()
      resolvePromise(server)
    })
  })
}

/** What the owner of `path` answers (`<pid> <nonce>`), or null when nobody listens there (stale). */
function ask(path: string): Promise<string | null> {
  return new Promise((resolvePromise) => {
    const socket = net.connect(path)
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('end', () => resolvePromise(answer))
    socket.on('error', () => resolvePromise(null))
    socket.setTimeout(2000, () => {
      socket.destroy()
      // Someone accepted the connection but said nothing: treat it as held rather than steal it.
      resolvePromise(answer || '0 ?')
    })
  })
}

/** Takes `DATA_DIR/db.lock`; resolves to the function that releases it. Rejects with DataDirLockedError when held. */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true })
  const file = join(resolve(dataDir), 'db.lock')
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    throw new Error(
      `A DATA_DIR útvonala túl hosszú a zárfájlhoz (${file}); adj meg rövidebbet.\n` +
        `The DATA_DIR path is too long for its lock socket (${file}); choose a shorter one.`,
    )
  }
  const nonce = `${process.pid} ${Math.random().toString(36).slice(2)}`
  for (let attempt = 0; attempt < 3; attempt++) {
    let server: net.Server
    try {
      server = await listen(file, nonce)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
      const answer = await ask(file)
      if (answer !== null) throw new DataDirLockedError(dataDir, Number.parseInt(answer, 10) || 0)
      // Nobody listens: a socket left by a killed server, or a pid file of an older version. Take it over.
      rmSync(file, { force: true })
      continue
    }
    // Two servers that found the same stale lock at the same moment: the one whose socket was replaced gives way.
    await new Promise((done) => setTimeout(done, SETTLE_MS))
    if ((await ask(file)) !== nonce) {
      // Not closed: closing a Unix socket server unlinks its path, which is now the other server's socket.
      continue
    }
    let released = false
    return () => {
      if (released) return
      released = true
      server.close() // also unlinks the socket file
    }
  }
  throw new Error(`Could not take the lock ${file}`)
}
