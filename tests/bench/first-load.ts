/**
 * What the login page loads, shared by the firstload and seating suites: the scripts index.html names (static) and
 * the scripts the page really fetches (runtime), with their gzip sizes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { round } from './suite'

export const KB = 1000

export const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length

/** Strings that only a screen other than login contains: finding one in first-load JS means a screen leaked. */
const SCREEN_MARKERS = [
  'Diákok kezelése',
  'Beállítás kategóriák',
  'Hozz létre és kezelj rövid URL-eket',
  'Diáklista',
  'Rendszernapló betöltése',
]
const HEAVY_NAMES = /xlsx|dnd|framer|motion|qrcode/i

export function staticFirstLoad(dist: string): { files: string[]; gzip: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1])
  const unique = [...new Set(files)]
  return {
    files: unique,
    gzip: unique.reduce((n, f) => n + gz(readFileSync(join(dist, f.replace(/^\//, '')))), 0),
  }
}

export async function runtimeFirstLoad(browser: Browser, baseUrl: string, dist: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  const scripts = new Set<string>()
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname)
  })
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' })
  await page.getByLabel('Felhasználónév', { exact: true }).waitFor()
  await context.close()
  const files = [...scripts].filter((p) => p.startsWith('/assets/'))
  const sizes = files.map((f) => {
    const bytes = readFileSync(join(dist, f.replace(/^\//, '')))
    return { file: f, gzip: gz(bytes), text: bytes.toString('utf8') }
  })
  const screenChunks = sizes.filter(
    (s) =>
      (/-screen-/.test(s.file) && !/login-screen/.test(s.file)) ||
      SCREEN_MARKERS.some((m) => s.text.includes(m)),
  )
  const heavy = sizes.filter((s) => HEAVY_NAMES.test(s.file) || s.text.includes('SheetJS'))
  return {
    gzip: sizes.reduce((n, s) => n + s.gzip, 0),
    files: sizes.map((s) => ({ file: s.file, gzipKB: round(s.gzip / KB) })),
    screenChunks: screenChunks.map((s) => s.file),
    heavy: heavy.map((s) => s.file),
  }
}
