/**
 * Content-coding of API answers. `@fastify/compress` compresses JSON answers per request (brotli or gzip by
 * Accept-Encoding); an answer kept serialised between requests (services/kept-lists.ts) keeps its compressed
 * variants too (`compressOnce`), so it is compressed once per change and not once per request.
 */
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

export type Encoding = 'br' | 'gzip'

/** Brotli quality for answers compressed per request: 4 costs ~0.2 ms/KB; 11 saves ~20% more at 30× the time. */
export const BROTLI_QUALITY_PER_REQUEST = 4

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

function brotliAt(body: string | Buffer, quality: number): Promise<Buffer> {
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  })
}

/** The encoding to answer with: brotli, else gzip, when Accept-Encoding allows it (q > 0); else null (identity). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '')
  const q = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    q.set(name, weight ? Number(weight.slice(2)) || 0 : 1)
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

/**
 * Compresses `body` off the event loop, once per encoding, at the per-request cost (brotli quality 4, gzip level 6):
 * a kept list is compressed again on every change, in every process, so its cost is bounded as a request's is
 * (quality 11 took ~10 s of CPU per change for a district's students list). The variants live as long as the
 * returned function.
 */
export function compressOnce(body: Buffer): (encoding: Encoding) => Promise<Buffer> {
  const variants = new Map<Encoding, Promise<Buffer>>()
  return (encoding) => {
    let variant = variants.get(encoding)
    if (!variant) {
      variant =
        encoding === 'gzip' ? gzipAsync(body, { level: 6 }) : brotliAt(body, BROTLI_QUALITY_PER_REQUEST)
      variants.set(encoding, variant)
      // A failed compression is not kept: the next request tries again.
      variant.catch(() => variants.delete(encoding))
    }
    return variant
  }
}
