#!/usr/bin/env node
// `npm test`: typecheck, lint (no warnings), formatting (prettier --check), logic, component, server (PGlite, and
// PostgreSQL when DATABASE_URL is set), build, end-to-end (Playwright). Every step runs even when an earlier one
// failed; the last line is `N passed, N failed`.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const reportDir = join(tmpdir(), `portal-test-${process.pid}`)
mkdirSync(reportDir, { recursive: true })

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
    let output = ''
    const keep = (chunk) => {
      process.stdout.write(chunk)
      output += chunk.toString()
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('close', (code) => resolve({ code: code ?? 1, output }))
  })
}

function vitestCounts(file, code) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'))
    const failed = report.numFailedTests + (report.numFailedTestSuites ?? 0) * (report.numFailedTests ? 0 : 1)
    return { passed: report.numPassedTests, failed: code !== 0 && failed === 0 ? 1 : failed }
  } catch {
    return { passed: 0, failed: 1 }
  }
}

/** Runs one Vitest project (vitest.config.ts); returns [passed, failed]. */
async function vitestProject(project) {
  const file = join(reportDir, `${project}.json`)
  const { code } = await run('npx', [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ])
  const c = vitestCounts(file, code)
  return [c.passed, c.failed]
}

const steps = [
  {
    name: 'typecheck',
    run: async () =>
      (await run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])).code === 0 ? [1, 0] : [0, 1],
  },
  {
    name: 'lint',
    run: async () => ((await run('npx', ['eslint', '.', '--max-warnings=0'])).code === 0 ? [1, 0] : [0, 1]),
  },
  {
    // No unused files, dependencies or exports; every package used is declared (knip.json, issue 19).
    name: 'knip',
    run: async () => ((await run('npx', ['knip', '--no-progress'])).code === 0 ? [1, 0] : [0, 1]),
  },
  {
    // Every path a doc or a comment names exists (issue 19).
    name: 'doc paths',
    run: async () => ((await run('node', ['scripts/check-doc-paths.mjs'])).code === 0 ? [1, 0] : [0, 1]),
  },
  {
    name: 'formatting',
    run: async () => ((await run('npx', ['prettier', '--check', '.'])).code === 0 ? [1, 0] : [0, 1]),
  },
  { name: 'logic (node)', run: () => vitestProject('logic') },
  { name: 'component (happy-dom)', run: () => vitestProject('client') },
  {
    name: process.env.DATABASE_URL ? 'server (PGlite + PostgreSQL)' : 'server (PGlite)',
    run: () => vitestProject('server'),
  },
  { name: 'build', run: async () => ((await run('npx', ['vite', 'build'])).code === 0 ? [1, 0] : [0, 1]) },
  {
    name: 'end-to-end',
    run: async () => {
      // dist/ was built by the step above. Flaky tests (passed on the retry) count as passed and are named by
      // the list reporter above; the summary shows how many.
      const file = join(reportDir, 'e2e.json')
      const { code } = await run('npx', ['playwright', 'test'], { E2E_JSON: file })
      try {
        const { stats, errors } = JSON.parse(readFileSync(file, 'utf8'))
        const failed = stats.unexpected + errors.length
        return [stats.expected + stats.flaky, code !== 0 && failed === 0 ? 1 : failed, stats.flaky]
      } catch {
        return [0, 1]
      }
    },
  },
]

const results = []
for (const step of steps) {
  const started = Date.now()
  console.log(`\n=== ${step.name} ===`)
  const [passed, failed, flaky = 0] = await step.run()
  results.push({ name: step.name, passed, failed, flaky, seconds: (Date.now() - started) / 1000 })
}
rmSync(reportDir, { recursive: true, force: true })

console.log('\n=== summary ===')
for (const r of results) {
  const status = r.failed ? 'FAIL' : 'ok  '
  console.log(
    `${status} ${r.name.padEnd(30)} ${String(r.passed).padStart(4)} passed, ${r.failed} failed${r.flaky ? `, ${r.flaky} flaky` : ''}  (${r.seconds.toFixed(1)} s)`,
  )
}
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0)
const flaky = results.reduce((n, r) => n + r.flaky, 0)
if (flaky) console.log(`${flaky} flaky (passed on the retry, counted as passed)`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
