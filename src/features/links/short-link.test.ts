import { describe, expect, it } from 'vitest'
import { expiryOf, fullShortLink, linkCount, shortLinkPrefix, shownTarget } from './short-link'

describe('short link helpers', () => {
  it('joins base and code with exactly one slash', () => {
    expect(fullShortLink('https://s.pelda.hu', 'abc')).toBe('https://s.pelda.hu/abc')
    expect(fullShortLink('http://localhost:3000/s/', 'a_b-1')).toBe('http://localhost:3000/s/a_b-1')
  })
  it('shows the host without its scheme as the prefix', () => {
    expect(shortLinkPrefix('https://s.pelda.hu')).toBe('s.pelda.hu/')
    expect(shortLinkPrefix('http://localhost:3000/s/')).toBe('localhost:3000/s/')
    expect(shortLinkPrefix('/s/')).toBe('/s/')
  })
  it('counts links', () => {
    expect(linkCount(0)).toBe('0 rövid URL')
    expect(linkCount(12)).toBe('12 rövid URL')
  })
  it('turns a chosen day into the end of that day, local time', () => {
    const iso = expiryOf('2026-12-24')!
    const end = new Date(iso)
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2026, 11, 24, 23, 59,
    ])
    expect(expiryOf('')).toBeNull()
    expect(expiryOf('holnap')).toBeNull()
  })
})

describe('shownTarget (issue 18)', () => {
  it('leaves out https:// and www., keeps http://', () => {
    expect(shownTarget('https://www.pelda.hu/menza')).toBe('pelda.hu/menza')
    expect(shownTarget('https://hu.wikipedia.org/wiki/Kőbánya')).toBe('hu.wikipedia.org/wiki/Kőbánya')
    expect(shownTarget('http://www.pelda.hu/')).toBe('http://www.pelda.hu/')
  })
})
