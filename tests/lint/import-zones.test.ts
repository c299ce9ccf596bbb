/**
 * The import rules of eslint.config.js hold for the whole tree. Zones (DESIGN §1): each zone is shown a one-line file
 * that crosses it and must report `import-x/no-restricted-paths`, and a file that stays inside the rules must report
 * nothing. Cycles: an import that closes a loop must report `import-x/no-cycle` (import-x follows .ts files only when
 * its settings list them), and the same import without the loop must not.
 */
import { readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** A real source file under `dir` (the rule skips imports that do not resolve), as a path from the root. */
function someFileIn(dir: string): string {
  const entries = readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
  const file = entries.find((entry) => entry.isFile() && /(?<!\.test)\.tsx?$/.test(entry.name))
  if (!file) throw new Error(`no source file under ${dir}`)
  return relative(root, join(file.parentPath, file.name))
}

const ALIASES: Record<string, string> = { src: '@/', contract: '@contract/', server: '@server/' }

/**
 * The import specifier of `target` as the tree writes it in a file at `from` (without the extension): relative to a
 * sibling or a parent in the same top folder, otherwise through the tsconfig alias (`@/…`, `@contract/…`, `@server/…`),
 * so the rules are checked on resolved aliases as well.
 */
function specifier(from: string, target: string): string {
  const bare = target.replace(/\.tsx?$/, '')
  const path = relative(dirname(join(root, from)), join(root, bare))
  const [top, ...rest] = bare.split('/')
  const alias = ALIASES[top]
  if (alias && (top !== from.split('/')[0] || path.startsWith('../../'))) return alias + rest.join('/')
  return path.startsWith('.') ? path : `./${path}`
}

let eslint: ESLint

async function ruleErrors(rule: string, file: string, imported: string): Promise<string[]> {
  const code = `import * as imported from '${specifier(file, imported)}'\nexport const value = imported\n`
  const [result] = await eslint.lintText(code, { filePath: join(root, file) })
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message)
}

const zoneErrors = (file: string, imported: string) =>
  ruleErrors('import-x/no-restricted-paths', file, imported)

const features = readdirSync(join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

// Loading the parser and the resolver takes seconds on a busy machine; the cases below then take milliseconds.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root })
  await eslint.lintText('export {}\n', { filePath: join(root, 'sw/x.ts') })
}, 60_000)

describe('import zones', () => {
  it('needs two features to check the feature zone', () => {
    expect(features.length).toBeGreaterThanOrEqual(2)
  })

  it.each([
    [
      'a feature importing another feature',
      `src/features/${features[0]}/x.ts`,
      () => someFileIn(`src/features/${features[1]}`),
    ],
    ['a feature importing src/app', `src/features/${features[0]}/x.ts`, () => someFileIn('src/app')],
    [
      'a shared component importing a feature',
      'src/components/x.ts',
      () => someFileIn(`src/features/${features[0]}`),
    ],
    ['a shared component importing src/app', 'src/components/x.ts', () => someFileIn('src/app')],
    ['src/lib importing a feature', 'src/lib/x.ts', () => someFileIn(`src/features/${features[0]}`)],
    ['src/api importing src/app', 'src/api/x.ts', () => someFileIn('src/app')],
    ['src/lib importing src/api', 'src/lib/x.ts', () => someFileIn('src/api')],
    ['src/lib importing src/session', 'src/lib/x.ts', () => someFileIn('src/session')],
    ['src/lib importing a shared component', 'src/lib/x.ts', () => someFileIn('src/components')],
    ['src/api importing src/session', 'src/api/x.ts', () => someFileIn('src/session')],
    ['src/session importing a feature', 'src/session/x.ts', () => someFileIn(`src/features/${features[0]}`)],
    ['src/session importing src/app', 'src/session/x.ts', () => someFileIn('src/app')],
    ['src/session importing a shared component', 'src/session/x.ts', () => someFileIn('src/components')],
    ['src/pwa importing a feature', 'src/pwa/x.ts', () => someFileIn(`src/features/${features[0]}`)],
    ['the service worker importing the page', 'sw/x.ts', () => someFileIn('src/lib')],
    ['the service worker importing the server', 'sw/x.ts', () => someFileIn('server/lib')],
    ['contract importing the page', 'contract/x.ts', () => someFileIn('src/lib')],
    ['contract importing the server', 'contract/x.ts', () => someFileIn('server/lib')],
    ['contract importing the service worker', 'contract/x.ts', () => 'sw/api-routes.ts'],
    ['the page importing the server', 'src/lib/x.ts', () => someFileIn('server/lib')],
    ['the page importing the service worker', 'src/app/x.ts', () => 'sw/api-routes.ts'],
    ['the server importing the page', 'server/lib/x.ts', () => someFileIn('src/lib')],
    [
      'a feature test importing another feature',
      `src/features/${features[0]}/x.test.tsx`,
      () => someFileIn(`src/features/${features[1]}`),
    ],
  ])('reports %s', async (_name, file, imported) => {
    expect(await zoneErrors(file, imported())).toHaveLength(1)
  })

  it.each([
    [
      'a feature importing its own files',
      `src/features/${features[0]}/x.ts`,
      () => someFileIn(`src/features/${features[0]}`),
    ],
    [
      'a feature importing shared parts',
      `src/features/${features[0]}/x.ts`,
      () => someFileIn('src/components'),
    ],
    ['a feature importing contract', `src/features/${features[0]}/x.ts`, () => 'contract/limits.ts'],
    ['src/app importing a feature', 'src/app/x.ts', () => someFileIn(`src/features/${features[0]}`)],
    ['src/api importing src/lib', 'src/api/x.ts', () => someFileIn('src/lib')],
    ['src/session importing src/api', 'src/session/x.ts', () => someFileIn('src/api')],
    ['src/session importing src/lib', 'src/session/x.ts', () => someFileIn('src/lib')],
    ['a feature importing src/session', `src/features/${features[0]}/x.ts`, () => someFileIn('src/session')],
    ['a shared component importing src/session', 'src/components/x.ts', () => someFileIn('src/session')],
    ['the service worker importing contract', 'sw/x.ts', () => 'contract/limits.ts'],
    ['the service worker importing a package', 'sw/x.ts', () => 'node_modules/idb-keyval/dist/index.js'],
    ['contract importing contract', 'contract/x.ts', () => 'contract/limits.ts'],
    ['the server importing contract', 'server/lib/x.ts', () => 'contract/limits.ts'],
    [
      'a feature test mounting the app',
      `src/features/${features[0]}/x.test.tsx`,
      () => someFileIn('src/app'),
    ],
  ])('allows %s', async (_name, file, imported) => {
    expect(await zoneErrors(file, imported())).toEqual([])
  })
})

describe('import cycles', () => {
  // contract/password-rule.ts imports contract/limits.ts: the reverse import closes a loop.
  it('reports an import that closes a loop', async () => {
    expect(
      await ruleErrors('import-x/no-cycle', 'contract/limits.ts', 'contract/password-rule.ts'),
    ).toHaveLength(1)
  })

  it('allows the same import from a file nothing imports', async () => {
    expect(await ruleErrors('import-x/no-cycle', 'contract/x.ts', 'contract/password-rule.ts')).toEqual([])
  })
})
