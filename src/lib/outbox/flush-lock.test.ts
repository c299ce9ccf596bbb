import { afterEach, describe, expect, it } from 'vitest'
import { defaultFlushLock } from './flush-lock'

afterEach(() => {
  delete (navigator as { locks?: unknown }).locks
})

describe('defaultFlushLock without navigator.locks (a plain-http page has no Web Locks)', () => {
  it('falls back to the localStorage lease: one tab at a time, free again when done', async () => {
    Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true })
    expect((navigator as { locks?: unknown }).locks).toBeUndefined()
    const tabA = defaultFlushLock('tab-a')
    const tabB = defaultFlushLock('tab-b')
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let renewed = false
    const first = tabA(async (renew) => {
      renew()
      renewed = true
      await held
    })
    await Promise.resolve()
    await Promise.resolve()
    expect(localStorage.getItem('portal-outbox-flush-lease')).toContain('tab-a')
    expect(await tabB(async () => {})).toBe(false)
    release()
    expect(await first).toBe(true)
    expect(renewed).toBe(true)
    expect(localStorage.getItem('portal-outbox-flush-lease')).toBeNull()
    let ran = false
    expect(
      await tabB(async () => {
        ran = true
      }),
    ).toBe(true)
    expect(ran).toBe(true)
  })
})
