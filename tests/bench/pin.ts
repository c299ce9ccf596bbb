/**
 * Throughput figures on a small machine: the load generator (this process) on the first CPU, the servers it
 * compares on the second, so the scheduler cannot move them onto one core in one round and apart in the next. On
 * the 2-core machine an unpinned bare redirect server answered 22k req/s in one run and 44k in the next; pinned,
 * its rounds stay within a few per cent. No-op (false) with fewer than 2 CPUs or without `taskset` (util-linux).
 */
import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'

export interface Pinning {
  pinned: boolean
  /** Gives this process and the servers still running every CPU again (the suites after this one run Chromium). */
  release(): void
}

function taskset(args: string[]): boolean {
  try {
    execFileSync('taskset', args, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

export function pinLoad(serverPids: (number | undefined)[]): Pinning {
  const cpus = availableParallelism()
  const all = `0-${cpus - 1}`
  const pids = serverPids.filter((pid): pid is number => typeof pid === 'number')
  if (cpus < 2 || pids.length !== serverPids.length) return { pinned: false, release() {} }
  const pinned =
    taskset(['-apc', '0', String(process.pid)]) && pids.every((pid) => taskset(['-apc', '1', String(pid)]))
  return {
    pinned,
    release() {
      for (const pid of [process.pid, ...pids]) taskset(['-apc', all, String(pid)])
    },
  }
}
