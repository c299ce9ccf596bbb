import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { globalCss, lazyGlobal } from '../../scripts/chakra-global-css'

const require = createRequire(import.meta.url)
const systemJs = readFileSync(
  join(dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm/styled-system/system.js'),
  'utf8',
)

describe('chakra-global-css', () => {
  it("makes the installed Chakra's `_global` a lazy getter", () => {
    const out = lazyGlobal(systemJs)
    expect(out).not.toContain('const _global =')
    expect(out).toContain('get _global() {')
  })

  it('fails loudly on a system.js it was not written for', () => {
    expect(() => lazyGlobal(systemJs.replace('getTokenCss()];', 'getTokenCss(), extra];'))).toThrow(
      /update scripts\/chakra-global-css\.ts/,
    )
  })

  it("serialises the app system's layer order, reset, global styles and token variables", async () => {
    const css = await globalCss(process.cwd())
    expect(css.startsWith('@layer reset,base,tokens,recipes;@layer reset{')).toBe(true)
    expect(css).toContain('@layer base{')
    // The app's own token (chakra-system.ts), in both themes.
    expect(css).toMatch(/--chakra-colors-fg-error:var\(--chakra-colors-red-700\)/)
    expect(css).toMatch(/--chakra-colors-fg-error:var\(--chakra-colors-red-300\)/)
  })
})
