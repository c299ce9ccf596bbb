/** Short-link targets (issue 18): one rule for the form and the server, and the list's readable form. */
import { describe, expect, it } from 'vitest'
import { linkTarget, linkTargetError, readableUrl } from './api/links'
import { MESSAGES } from './messages'
import { decodePunycode, domainToUnicode } from './punycode'

describe('linkTarget', () => {
  it.each([
    ['https://hu.wikipedia.org/wiki/Kőbánya', 'https://hu.wikipedia.org/wiki/K%C5%91b%C3%A1nya'],
    ['pelda.hu/á', 'https://pelda.hu/%C3%A1'],
    ['https://ábécé.hu', 'https://xn--bc-lia7ab.hu/'],
    ['  http://example.com/a b  ', 'http://example.com/a%20b'],
  ])('stores %j as %j', (typed, stored) => expect(linkTarget(typed)).toBe(stored))

  it.each([
    'ht tp://rossz url',
    'https://example.com/a\r\nb',
    'https://exa\tmple.com',
    'https://example.com/a\u2028b',
    'https://example.com/\u202E',
    'https://example.com/\uD800',
    'https://exa\u200Bmple.com',
    'https://',
  ])('refuses %j as invalid', (typed) => expect(linkTarget(typed)).toBe('invalid'))

  it('gives the form the spec words inline', () => {
    expect(linkTargetError('ht tp://rossz url')).toBe('Érvénytelen URL formátum.')
    expect(linkTargetError('javascript:alert(1)')).toBe(MESSAGES.linkUrlRefused)
    expect(linkTargetError('pelda.hu')).toBeUndefined()
  })
})

describe('readableUrl', () => {
  it('shows the host in Unicode and letters decoded', () => {
    expect(readableUrl('https://xn--bc-lia7ab.hu/K%C5%91b%C3%A1nya?q=%C3%A1#%C3%A1')).toBe(
      'https://ábécé.hu/Kőbánya?q=á#á',
    )
  })

  it('keeps ASCII, invisible and bidi escapes encoded, and bad UTF-8 as it is', () => {
    expect(readableUrl('https://e.hu/a%20b%2F%25%E2%80%AEx%E1')).toBe('https://e.hu/a%20b%2F%25%E2%80%AEx%E1')
  })

  it('shows an unparsable stored target as it is', () => {
    expect(readableUrl('nem url')).toBe('nem url')
  })
})

describe('punycode', () => {
  it.each([
    ['bc-lia7ab', 'ábécé'],
    ['mnchen-3ya', 'münchen'],
    ['wgv71a119e', '日本語'],
  ])('decodes %j', (encoded, decoded) => expect(decodePunycode(encoded)).toBe(decoded))

  it('leaves a broken label as it is', () => {
    expect(decodePunycode('99999999999')).toBeNull()
    expect(domainToUnicode('xn--99999999999.hu')).toBe('xn--99999999999.hu')
    expect(domainToUnicode('www.xn--bc-lia7ab.hu')).toBe('www.ábécé.hu')
  })
})
