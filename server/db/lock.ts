/**
 * PGlite is single-process (DESIGN §2): a lock file with the owner's pid on the data directory keeps a second
 * server off the same database. A lock whose pid is no longer running is stale and taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes `DATA_DIR/db.lock`; returns the function that releases it. Throws DataDirLockedError when held. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'db.lock')
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        rmSync(file, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      let pid = Number.NaN
      try {
        pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10)
      } catch {
        // Vanished between open and read: try again.
      }
      if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) throw new DataDirLockedError(dataDir, pid)
      rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not take the lock ${file}`)
}
