/**
 * Starts bare-server.ts in a process of its own (as the real server runs in its own): the baseline a list's
 * throughput is compared with. `path` and `type` default to the students list's.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { ROOT, freePort, waitForHealth } from '../support/server'

export async function startBareRoute(
  bodyFile: string,
  path = '/api/students/',
  type = 'application/json; charset=utf-8',
) {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'tests/bench/bare-server.ts'),
      String(port),
      bodyFile,
      path.split('?')[0],
      type,
    ],
    { cwd: ROOT, stdio: 'ignore' },
  )
  const url = `http://127.0.0.1:${port}`
  await waitForHealth(url, child, 30_000)
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}
