/**
 * `--profile DIR` of the client suites: stops the CDP profiler, saves the profile (DevTools › Performance opens it)
 * as DIR/NAME-<time>.cpuprofile and prints the 25 functions with most self time.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CDPSession } from 'playwright-core'

export async function saveCpuProfile(cdp: CDPSession, profileDir: string, name: string): Promise<void> {
  const { profile } = await cdp.send('Profiler.stop')
  mkdirSync(profileDir, { recursive: true })
  const file = join(profileDir, `${name}-${Date.now()}.cpuprofile`)
  writeFileSync(file, JSON.stringify(profile))
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<string, number>()
  const deltas = profile.timeDeltas ?? []
  ;(profile.samples ?? []).forEach((id, i) => {
    const frame = nodes.get(id)!.callFrame
    const key = `${frame.functionName || '(anon)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber}`
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000)
  })
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)
  console.log(`  (profile: ${file}; self time, ms:)`)
  for (const [fn, ms] of top) console.log(`    ${ms.toFixed(1).padStart(8)}  ${fn}`)
}
