#!/usr/bin/env node
/**
 * Every path a doc or a comment names exists (issue 19: docs that stay true). Scans the tracked Markdown files and
 * the comments of the tracked source files for paths that start at the project's root (`src/…`, `server/…`,
 * `docs/…`, …) and reports each one that names nothing: no such file or folder, nor a module of that name
 * (`src/lib/api-client` for `src/lib/api-client.ts`). A relative file path (`services/notes.ts`) must exist from the
 * naming file's folder or above, or end some file of the project (a doc about the server says `lib/log.ts`).
 * Globs (`*`, `{`) and `:line` suffixes are allowed.
 * Exit 1 with the list when one is missing. Part of `npm run lint`.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const ROOTS = ['src', 'server', 'sw', 'contract', 'docs', 'tests', 'scripts', 'deploy', 'public', '.ci']
const PATH = new RegExp(
  `(?<![\\w./@-])((?:${ROOTS.map((r) => r.replace('.', '\\.')).join('|')})/[\\w./@\\-\\[\\]]*[\\w\\]/])`,
  'g',
)
/** A relative file path with an extension (`services/notes.ts`): resolved from the naming file's folder upwards. */
const RELATIVE = /(?<![\w./@-])((?:\.\.?\/)?(?:[\w-]+\/)+[\w.-]+\.(?:tsx?|mjs|md|json|conf|yml))(?![\w/-])/g
const SOURCE = /\.(ts|tsx|mjs|js|cjs)$/
const MODULE_ENDINGS = ['', '.ts', '.tsx', '.mjs', '.js', '.json', '/index.ts', '/index.tsx']

/** The comment text of a source file (line and block comments), other text blanked; line numbers kept. */
function commentsOf(text) {
  const out = text.split('')
  let i = 0
  let inComment = null
  while (i < text.length) {
    if (!inComment) {
      if (text.startsWith('//', i)) inComment = 'line'
      else if (text.startsWith('/*', i)) inComment = 'block'
      else if (text[i] !== '\n') out[i] = ' '
      if (!inComment) i++
      continue
    }
    if (inComment === 'line' && text[i] === '\n') inComment = null
    else if (inComment === 'block' && text.startsWith('*/', i)) {
      inComment = null
      i += 2
      continue
    }
    i++
  }
  return out.join('')
}

function exists(path) {
  const clean = path.replace(/\/$/, '')
  return MODULE_ENDINGS.some((ending) => existsSync(join(root, clean + ending)))
}

/** `path` from the naming file's folder or any folder above it (a README's `services/notes.ts`). */
function existsFromFolders(file, path) {
  let folder = dirname(file)
  for (;;) {
    if (existsSync(join(root, folder, path))) return true
    if (folder === '.' || folder === '') return false
    folder = dirname(folder)
  }
}

const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(join(root, file)))
const files = tracked.filter((file) => file.endsWith('.md') || SOURCE.test(file))

const missing = []
for (const file of files) {
  if (file === 'scripts/check-doc-paths.mjs') continue
  const raw = readFileSync(join(root, file), 'utf8')
  const text = file.endsWith('.md') ? raw : commentsOf(raw)
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(PATH)) {
      const path = match[1].replace(/[.:]+$/, '')
      if (/[*{]/.test(line.slice(match.index, match.index + match[0].length + 1))) continue
      if (path.includes('<') || path.includes('[') || exists(path)) continue
      missing.push(`${file}:${index + 1}: ${path}`)
    }
    for (const match of line.matchAll(RELATIVE)) {
      const path = match[1]
      if (ROOTS.some((r) => path.startsWith(`${r}/`)) || /[*{<]/.test(path) || path.includes('node_modules'))
        continue
      if (!existsFromFolders(file, path) && !tracked.some((f) => f.endsWith(`/${path.replace(/^\.\//, '')}`)))
        missing.push(`${file}:${index + 1}: ${path}`)
    }
  })
}

if (missing.length > 0) {
  console.error(`A doc or a comment names a path that does not exist (${missing.length}):`)
  for (const line of missing) console.error(`  ${line}`)
  process.exit(1)
}
console.log(`doc paths: ${files.length} files checked, every path they name exists`)
