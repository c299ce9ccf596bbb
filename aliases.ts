import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The import aliases (`@/…` for src, `@contract/…`, `@server/…`) for Vite and Vitest, read from tsconfig.json's
 * `paths`, so the editor, tsc, tsx (the server), Playwright, ESLint and the bundler share one table.
 */
const { compilerOptions } = JSON.parse(readFileSync(new URL('./tsconfig.json', import.meta.url), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> }
}

export const aliases: Record<string, string> = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([key, [target]]) => [
    key.replace(/\*$/, ''),
    fileURLToPath(new URL(target.replace(/\*$/, ''), import.meta.url)),
  ]),
)
