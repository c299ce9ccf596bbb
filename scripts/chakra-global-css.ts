/**
 * A Vite plugin: Chakra's global CSS (the reset, the global styles, the `--chakra-*` token variables and the layer
 * order) is made at build time, instead of being computed when the Chakra system is created and serialised and
 * inserted by emotion when <ChakraProvider> mounts (docs/decisions/ui.md).
 *
 * - `virtual:chakra-global-css` exports that CSS as one string (`staticGlobalCss`), which <ChakraRoot/>'s module
 *   puts in a <style> element when it loads: with the Chakra chunk, never with the login screen's first load. A
 *   string in the chunk, not a stylesheet asset: the CSS minifier would rewrite the token values (33.333333% →
 *   33.3333%, color-mix() → hex), and a <link> would load after the module that needs it.
 * - The CSS is what emotion inserts at run time: the app's system is loaded in Node and its `layers.atRule` and
 *   `_global` are serialised by emotion's own serializer and stylis pipeline (the same cache options).
 * - Chakra's `createSystem` builds `_global` eagerly; the build makes it a lazy getter (a transform of that one
 *   file), and fails if the expected source is not there, so a Chakra upgrade cannot silently bring the cost back.
 *
 * The dev server and the component tests keep Chakra's run-time <Global> (`staticGlobalCss` is null, nothing is
 * transformed): a theme edit shows at once there, and Chakra is pre-bundled where no transform reaches it.
 */
import { fileURLToPath } from 'node:url'
import type { CSSObject } from '@emotion/serialize'
import type { Plugin } from 'vite'
import { runnerImport } from 'vite'

const MODULE_ID = 'virtual:chakra-global-css'
const SYSTEM_FILE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/

/** The two edits of `createSystem`: `_global` is computed on first read instead of on creation. */
const LAZY_GLOBAL: [string, string][] = [
  ['  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];\n', '  let _globalCache;\n'],
  [
    '    _global,\n',
    '    get _global() {\n      return _globalCache ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n',
  ],
]

/** Makes `_global` lazy in Chakra's system.js; throws when the source is not the one this edit was written for. */
export function lazyGlobal(code: string): string {
  let out = code
  for (const [from, to] of LAZY_GLOBAL) {
    if (out.split(from).length !== 2)
      throw new Error(
        `chakra-global-css: @chakra-ui/react's styled-system/system.js no longer contains ${JSON.stringify(from)} ` +
          'exactly once: update scripts/chakra-global-css.ts for this Chakra version',
      )
    out = out.replace(from, to)
  }
  return out
}

interface SystemLike {
  layers: { atRule: string }
  _global: CSSObject[]
}

/** The CSS emotion inserts for ChakraProvider's two <Global> elements, in the same order. */
export async function globalCss(root: string): Promise<string> {
  const systemFile = fileURLToPath(new URL('../src/components/chakra-system.ts', import.meta.url))
  const { module } = await runnerImport<{ system: SystemLike }>(systemFile, {
    root,
    configFile: false,
    logLevel: 'error',
  })
  const { default: createCache } = await import('@emotion/cache')
  const { serializeStyles } = await import('@emotion/serialize')
  // Emotion's default cache (key `css`, the default stylis plugins), as <ChakraProvider> uses it in the page.
  const cache = createCache({ key: 'css' })
  // On the server build of emotion, `insert` returns the rules' text instead of inserting them.
  const insert = cache.insert as unknown as (...args: Parameters<typeof cache.insert>) => string | undefined
  const globals: (string | CSSObject[])[] = [module.system.layers.atRule, module.system._global]
  return globals
    .map((styles) => insert('', serializeStyles([styles], undefined, {}), cache.sheet, false) ?? '')
    .join('')
}

export function chakraGlobalCss(): Plugin {
  let root = process.cwd()
  let isBuild = false
  let transformed = false
  return {
    name: 'portal-chakra-global-css',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
      isBuild = config.command === 'build'
    },
    resolveId(id) {
      if (id === MODULE_ID) return `\0${id}`
      return undefined
    },
    async load(id) {
      if (id !== `\0${MODULE_ID}`) return undefined
      const css = isBuild ? await globalCss(root) : null
      return `export const staticGlobalCss = ${JSON.stringify(css)}\n`
    },
    transform(code, id) {
      if (!isBuild || !SYSTEM_FILE.test(id.split('?')[0]!)) return undefined
      transformed = true
      return { code: lazyGlobal(code), map: null }
    },
    buildEnd(error) {
      if (!error && isBuild && !transformed && this.environment.name === 'client')
        this.error(
          "chakra-global-css: Chakra's styled-system/system.js was not in the build (moved by a Chakra upgrade?): " +
            'update scripts/chakra-global-css.ts',
        )
    },
  }
}
