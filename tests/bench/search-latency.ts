/**
 * The search-box latency probe of the keystroke and proxy suites, installed in the page: from a keystroke's `input`
 * event in `main`'s search box to the first DOM change in `main` after the search debounce (the list update; the
 * input's own re-render comes earlier) — 'commit' — and to the next frame — 'frame' — debounce subtracted. Each
 * sample is pushed to `window.__lat`; `window.__t0` is the pending keystroke's time (null: none).
 */
import type { Page } from 'playwright-core'
import { TIMING } from '@contract/limits'

export async function watchSearchLatency(page: Page) {
  await page.evaluate((debounce) => {
    const w = window as unknown as { __lat: { commit: number; frame: number }[]; __t0: number | null }
    w.__lat = []
    w.__t0 = null
    const input = document.querySelector('main input[type="search"]')!
    input.addEventListener('input', () => (w.__t0 = performance.now()), true)
    new MutationObserver((records) => {
      const t0 = w.__t0
      if (t0 === null) return
      const now = performance.now()
      if (now - t0 < debounce - 2) return
      if (records.every((r) => r.target === input)) return
      w.__t0 = null
      requestAnimationFrame(() => {
        w.__lat.push({ commit: now - t0 - debounce, frame: performance.now() - t0 - debounce })
      })
    }).observe(document.querySelector('main')!, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
  }, TIMING.searchDebounceMs)
}

/** The keys that type each word a key at a time and then clear the box (select all, Backspace). */
export function typingKeys(words: string[]): string[] {
  return words.flatMap((word) => [...word, 'Control+a', 'Backspace'])
}

/** Presses `key` and waits up to `timeoutMs` for its sample; false when none came (the list did not change). */
export async function pressForSample(page: Page, key: string, timeoutMs: number): Promise<boolean> {
  const before = await page.evaluate(() => (window as unknown as { __lat: unknown[] }).__lat.length)
  await page.keyboard.press(key)
  return page
    .waitForFunction((n) => (window as unknown as { __lat: unknown[] }).__lat.length > n, before, {
      timeout: timeoutMs,
      polling: 50,
    })
    .then(() => true)
    .catch(() => false)
}
