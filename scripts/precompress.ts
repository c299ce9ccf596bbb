/**
 * A Vite build plugin that writes `.br` and `.gz` beside every text asset in the output directory, so the server
 * can send them precompressed (Accept-Encoding) instead of compressing on each request.
 * It runs after everything else has closed the bundle, so the service worker and the manifest are included.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Text assets worth compressing. Images (PNG, WOFF2) are already compressed. */
const TEXT_ASSET = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i

/** Files smaller than this gain nothing from compression once headers are counted. */
const MIN_BYTES = 1024

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else if (entry.isFile()) yield path
  }
}

/** Compresses one file; a variant is written only when it is smaller than the original. */
export async function precompressFile(path: string): Promise<void> {
  const source = await readFile(path)
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: 9 }),
  ])
  await Promise.all([
    br.length < source.length ? writeFile(`${path}.br`, br) : undefined,
    gzipped.length < source.length ? writeFile(`${path}.gz`, gzipped) : undefined,
  ])
}

/** Precompresses every text asset under `dir`. Returns how many files were compressed. */
export async function precompressDir(dir: string): Promise<number> {
  const files: string[] = []
  for await (const path of walk(dir)) {
    if (!TEXT_ASSET.test(path)) continue
    if ((await stat(path)).size < MIN_BYTES) continue
    files.push(path)
  }
  await Promise.all(files.map(precompressFile))
  return files.length
}

export function precompress(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'portal:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const outDir = resolve(config.root, config.build.outDir)
        const count = await precompressDir(outDir)
        config.logger.info(`precompress: ${count} files → .br and .gz`)
      },
    },
  }
}
