/**
 * First-load JavaScript of the login screen (DESIGN §7: ≤ 160 kB gzip, no screen chunk): from index.html alone, and
 * what the page really loads (the entry's runtime imports too); the Munkaórák screen's chunk beside it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gz, KB, runtimeFirstLoad, staticFirstLoad } from '../first-load'
import type { BenchSuite } from '../suite'

/** The Munkaórák screen's own chunk (gzip), reported beside the login first load; SheetJS must not be in it. */
function workHoursChunk(dist: string): { file: string; gzip: number; hasSheetJs: boolean } | null {
  const assets = join(dist, 'assets')
  const file = readdirSync(assets).find((f) => /^work-hours-screen-.*\.js$/.test(f))
  if (!file) return null
  const bytes = readFileSync(join(assets, file))
  return { file, gzip: gz(bytes), hasSheetJs: bytes.toString('utf8').includes('SheetJS') }
}

const suite: BenchSuite = {
  group: 'firstload',
  files({ record, dist }) {
    const first = staticFirstLoad(dist)
    record({
      name: 'first-load JS, index.html (gzip)',
      value: first.gzip / KB,
      unit: 'kB',
      budget: '≤ 160 kB',
      pass: first.gzip / KB <= 160,
      detail: first.files,
    })
    const chunk = workHoursChunk(dist)
    record({
      name: 'Munkaórák screen chunk (gzip)',
      value: chunk ? chunk.gzip / KB : null,
      unit: 'kB',
      budget: 'reported; no SheetJS',
      pass: chunk ? (chunk.hasSheetJs ? false : null) : false,
      detail: chunk,
    })
  },
  async run({ record, fail, browser, appUrl, dist }) {
    try {
      const runtime = await runtimeFirstLoad(browser, appUrl, dist)
      const ok = runtime.gzip / KB <= 160 && runtime.screenChunks.length === 0 && runtime.heavy.length === 0
      record({
        name: 'first-load JS of the login screen (gzip)',
        value: runtime.gzip / KB,
        unit: 'kB',
        budget: '≤ 160 kB, no screen chunk',
        pass: ok,
        detail: runtime,
      })
      if (runtime.screenChunks.length)
        console.log(`  screen chunks loaded by the login page: ${runtime.screenChunks.join(', ')}`)
      if (runtime.heavy.length)
        console.log(`  heavy chunks loaded by the login page: ${runtime.heavy.join(', ')}`)
    } catch (error) {
      fail('first-load JS of the login screen', error)
    }
  },
}

export default suite
