import { describe, expect, it } from 'vitest'
import { quickActionHref } from './quick-action-href'

describe('quickActionHref', () => {
  it('keeps an http(s) url', () => {
    expect(quickActionHref('https://oktato.pelda.hu/naplo')).toBe('https://oktato.pelda.hu/naplo')
    expect(quickActionHref('http://intranet.iskola.hu')).toBe('http://intranet.iskola.hu/')
    expect(quickActionHref('HTTPS://Pelda.hu')).toBe('https://pelda.hu/')
  })

  it('adds https:// to a url without a scheme (spec §5)', () => {
    expect(quickActionHref('moodle.pelda.hu')).toBe('https://moodle.pelda.hu/')
    expect(quickActionHref('  kreta.hu/belepes?x=1 ')).toBe('https://kreta.hu/belepes?x=1')
    expect(quickActionHref('localhost:8080/admin')).toBe('https://localhost:8080/admin')
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:titkarsag@pelda.hu',
    'ftp://files.pelda.hu',
    'file:///etc/passwd',
    'https://user:secret@pelda.hu',
    'pelda hu',
    '',
    '   ',
  ])('gives no link for %j', (url) => {
    expect(quickActionHref(url)).toBeNull()
  })
})
