/**
 * `npm run test:e2e`: builds dist/ (`vite build`), then runs the Playwright suite (playwright.config.ts) with the
 * arguments given, e.g. `npm run test:e2e -- tests/e2e/specs/theme.spec.ts` or `-- --grep offline`; `--no-build`
 * skips the build. Prints the flaky tests and, as its last line, `N passed, N failed` (flaky ones count as passed,
 * skipped ones as neither). Playwright is the runner; this file only chains the two commands and reads its report.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

interface JsonReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  errors: { message?: string }[]
  suites: Suite[]
}
interface Suite {
  title: string
  suites?: Suite[]
  specs: { title: string; file: string; tests: { status: string }[] }[]
}

function flakyTitles(suites: Suite[]): string[] {
  return suites.flatMap((suite) => [
    ...suite.specs
      .filter((spec) => spec.tests.some((t) => t.status === 'flaky'))
      .map((s) => `${s.file} › ${s.title}`),
    ...flakyTitles(suite.suites ?? []),
  ])
}

const args = process.argv.slice(2).filter((arg) => arg !== '--no-build')
if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) {
    console.log('vite build failed')
    console.log('0 passed, 1 failed')
    process.exit(1)
  }
}

const reportFile = process.env.E2E_JSON || join(tmpdir(), `portal-e2e-${process.pid}.json`)
const run = spawnSync('npx', ['playwright', 'test', ...args], {
  stdio: 'inherit',
  env: { ...process.env, E2E_JSON: reportFile },
})
let passed = 0
let failed = 1
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport
  const flaky = flakyTitles(report.suites)
  if (flaky.length) console.log(`flaky (passed on the retry):\n${flaky.map((t) => `  ${t}`).join('\n')}`)
  passed = report.stats.expected + report.stats.flaky
  failed = report.stats.unexpected + report.errors.length
} catch (error) {
  console.log(`no Playwright report: ${(error as Error).message}`)
} finally {
  if (!process.env.E2E_JSON) rmSync(reportFile, { force: true })
}
if (run.status !== 0 && failed === 0) failed = 1
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
