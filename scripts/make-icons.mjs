#!/usr/bin/env node
// Draws the app icons as PNGs with nothing but node:zlib: a brand-blue square (rounded for `any`, full-bleed for
// `maskable`, whose glyph stays inside the 80 % safe zone) with a white open-book glyph. Run: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const BRAND = [0x1e, 0x40, 0xaf] // #1e40af, the manifest's theme colour
const WHITE = [0xff, 0xff, 0xff]
const SAMPLES = 4 // 4×4 supersampling for smooth edges

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(buffer) {
  let crc = 0xffffffff
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** RGBA pixels (Uint8Array, size×size×4) → PNG bytes (colour type 6, 8 bits, no interlace). */
function encodePng(size, rgba) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8
  header[9] = 6
  const raw = Buffer.alloc((size * 4 + 1) * size)
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0 // filter: none
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function insideRoundedSquare(x, y, radius) {
  // Unit square [0,1]²; corners rounded with `radius`.
  const cx = Math.min(Math.max(x, radius), 1 - radius)
  const cy = Math.min(Math.max(y, radius), 1 - radius)
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2
}

/** An open book centred at (0.5, 0.5) filling `scale` of the side: two slanted pages with a gap for the spine. */
function insideBook(x, y, scale) {
  const u = (x - 0.5) / scale // -0.5 … 0.5
  const v = (y - 0.5) / scale - 0.06 // the lifted pages sit a little high; centre them optically
  const side = Math.abs(u)
  if (side < 0.03 || side > 0.46) return false
  // Each page's top and bottom edges rise towards the outer edge, like pages lifting from the spine.
  const lift = (side - 0.03) * 0.28
  const top = -0.3 - lift
  const bottom = 0.3 - lift
  if (v < top || v > bottom) return false
  // Three text lines cut out of each page.
  const innerU = side - 0.1
  if (innerU > 0 && innerU < 0.26) {
    for (const line of [-0.14, 0.0, 0.14]) {
      const lineV = line - lift
      if (Math.abs(v - lineV) < 0.022) return false
    }
  }
  return true
}

function drawIcon(size, maskable) {
  const rgba = new Uint8Array(size * size * 4)
  // Maskable: the glyph stays within the central 80 % circle; `any`: a rounded tile with a larger glyph.
  const glyphScale = maskable ? 0.5 : 0.66
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0
      let glyph = 0
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size
          const y = (py + (sy + 0.5) / SAMPLES) / size
          const inTile = maskable || insideRoundedSquare(x, y, 0.2)
          if (!inTile) continue
          tile++
          if (insideBook(x, y, glyphScale)) glyph++
        }
      }
      const total = SAMPLES * SAMPLES
      const offset = (py * size + px) * 4
      const g = tile ? glyph / tile : 0
      for (let c = 0; c < 3; c++) rgba[offset + c] = Math.round(BRAND[c] * (1 - g) + WHITE[c] * g)
      rgba[offset + 3] = Math.round((tile / total) * 255)
    }
  }
  return encodePng(size, rgba)
}

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons')
mkdirSync(outDir, { recursive: true })
for (const size of [192, 512]) {
  writeFileSync(join(outDir, `icon-${size}.png`), drawIcon(size, false))
  writeFileSync(join(outDir, `maskable-${size}.png`), drawIcon(size, true))
}
console.log(`icons written to ${outDir}`)
