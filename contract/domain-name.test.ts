import { describe, expect, it } from 'vitest'
import { csvCell } from './csv'
import {
  blockedDomainsCsv,
  DOMAIN_MESSAGES,
  normaliseDomain,
  parseBulkDomains,
  shownDomain,
  squidDstdomain,
  wholeDomainOf,
} from './domain-name'

const { required, invalid, ipAddress } = DOMAIN_MESSAGES

const TABLE: [string, { domain: string } | { error: string }][] = [
  ['pelda.hu', { domain: 'pelda.hu' }],
  ['  Pelda.HU  ', { domain: 'pelda.hu' }],
  ['HTTP://Example.COM:8080/path', { domain: 'example.com' }],
  ['https://user:pass@www.example.com/a?b=c#d', { domain: 'www.example.com' }],
  ['example.com:443', { domain: 'example.com' }],
  ['//cdn.example.org/x.js', { domain: 'cdn.example.org' }],
  ['*.pelda.hu', { domain: 'pelda.hu' }],
  ['.pelda.hu', { domain: 'pelda.hu' }],
  ['pelda.hu.', { domain: 'pelda.hu' }],
  ['example.com?q=1', { domain: 'example.com' }],
  ['árvíztűrő.hu', { domain: 'xn--rvztr-wqa0gx3bwi.hu' }],
  ['HTTPS://Bücher.DE/kosár', { domain: 'xn--bcher-kva.de' }],
  ['a-b.c-d.example', { domain: 'a-b.c-d.example' }],
  ['xn--bcher-kva.de', { domain: 'xn--bcher-kva.de' }],
  ['', { error: required }],
  ['   ', { error: required }],
  ['localhost', { error: invalid }],
  ['-bad.hu', { error: invalid }],
  ['bad-.hu', { error: invalid }],
  ['under_score.hu', { error: invalid }],
  ['two words.hu', { error: invalid }],
  ['pelda..hu', { error: invalid }],
  ['example.123', { error: invalid }],
  [`${'a'.repeat(64)}.hu`, { error: invalid }],
  [`${'a'.repeat(63)}.hu`, { domain: `${'a'.repeat(63)}.hu` }],
  [`${Array.from({ length: 64 }, () => 'abc').join('.')}`, { error: invalid }],
  ['192.168.1.1', { error: ipAddress }],
  ['http://10.0.0.1:3128/', { error: ipAddress }],
  ['[::1]', { error: ipAddress }],
  ['http://', { error: invalid }],
  ['*.', { error: invalid }],
  ['a:b:c', { error: invalid }],
  ['%2e%2e.hu', { error: invalid }],
  ['=cmd|calc', { error: invalid }],
]

describe('normaliseDomain', () => {
  it.each(TABLE)('%j → %j', (input, expected) => {
    expect(normaliseDomain(input)).toEqual(expected)
  })

  it('has at least 20 rows', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(20)
  })

  it('accepts 253 characters and refuses 254', () => {
    // Labels are at most 63: build a 253-long name of 63-long labels.
    const long = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(61)].join('.')
    expect(long.length).toBe(253)
    expect(normaliseDomain(long)).toEqual({ domain: long })
    expect(normaliseDomain(`${long}x`).error).toBe(invalid)
  })
})

describe('blockedDomainsCsv', () => {
  it('writes one domain a line', () => {
    expect(blockedDomainsCsv(['a.hu', 'b.hu'])).toBe('a.hu\nb.hu\n')
    expect(blockedDomainsCsv([])).toBe('')
  })

  it.each([
    ['=1+1', "'=1+1"],
    ['+a', "'+a"],
    ['-a', "'-a"],
    ['@a', "'@a"],
    ['\ta', "'\ta"],
    ['\ra', `"'\ra"`],
    ['a,b', '"a,b"'],
    ['x"y', '"x""y"'],
    ['pelda.hu', 'pelda.hu'],
  ])('guards %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })
})

describe('squidDstdomain', () => {
  it('writes one .domain a line', () => {
    expect(squidDstdomain(['a.hu', 'b.hu'])).toBe('.a.hu\n.b.hu\n')
  })
})

describe('parseBulkDomains', () => {
  it('reads pasted lines and hosts-file lines, skipping blanks and comments', () => {
    const text = [
      '# Tiltott oldalak',
      'pelda.hu',
      '',
      '0.0.0.0 ads.example.com   # reklám',
      '127.0.0.1 a.hu b.hu',
      'HTTPS://Pelda.HU/x',
      'localhost',
      'regi.hu',
    ].join('\r\n')
    expect(parseBulkDomains(text, ['regi.hu'])).toEqual([
      { line: 2, text: 'pelda.hu', status: 'new', domain: 'pelda.hu' },
      { line: 4, text: 'ads.example.com', status: 'new', domain: 'ads.example.com' },
      { line: 5, text: 'a.hu', status: 'new', domain: 'a.hu' },
      { line: 5, text: 'b.hu', status: 'new', domain: 'b.hu' },
      { line: 6, text: 'HTTPS://Pelda.HU/x', status: 'duplicate', domain: 'pelda.hu' },
      { line: 7, text: 'localhost', status: 'invalid', error: invalid },
      { line: 8, text: 'regi.hu', status: 'duplicate', domain: 'regi.hu' },
    ])
  })

  it('gives nothing for an empty paste', () => {
    expect(parseBulkDomains(' \n# csak megjegyzés\n', [])).toEqual([])
  })
})

describe('issue 18: covered subdomains, www. and Unicode names', () => {
  it('leaves a subdomain of a listed domain out of the Squid feed', () => {
    expect(
      squidDstdomain(['a.b.alvideo.example', 'alvideo.example', 'sub.alvideo.example', 'xalvideo.example']),
    ).toBe('.alvideo.example\n.xalvideo.example\n')
  })

  it('offers the whole domain for a www. name only', () => {
    expect(wholeDomainOf('www.tiktok.com')).toBe('tiktok.com')
    expect(wholeDomainOf('www.hu')).toBeNull()
    expect(wholeDomainOf('m.tiktok.com')).toBeNull()
  })

  it('bulk add takes the whole domain of www. names when asked', () => {
    expect(parseBulkDomains('www.tiktok.com\ntiktok.com', [], { wholeDomains: true })).toEqual([
      { line: 1, text: 'www.tiktok.com', status: 'new', domain: 'tiktok.com' },
      { line: 2, text: 'tiktok.com', status: 'duplicate', domain: 'tiktok.com' },
    ])
  })

  it('shows an IDN in Unicode', () => {
    expect(shownDomain('www.xn--bc-lia7ab.hu')).toBe('www.ábécé.hu')
    expect(shownDomain('pelda.hu')).toBe('pelda.hu')
  })
})
