import { describe, expect, it } from 'vitest'
import { createDomainSearch } from './domain-search'

const DOMAINS = ['facebook.com', 'instagram.com', 'pelda.hu', 'tiktok.com', 'www.facebook.com']

describe('createDomainSearch', () => {
  it('gives the whole list for an empty term', () => {
    expect(createDomainSearch(DOMAINS).search('  ')).toEqual(DOMAINS)
  })

  it('ranks prefix matches before inner substring matches', () => {
    expect(createDomainSearch(DOMAINS).search('face')).toEqual(['facebook.com', 'www.facebook.com'])
  })

  it('finds a domain with a typo (threshold 0.3)', () => {
    expect(createDomainSearch(DOMAINS).search('tiktk')).toEqual(['tiktok.com'])
    expect(createDomainSearch(DOMAINS).search('instagarm')).toEqual(['instagram.com'])
  })

  it('finds nothing for an unrelated term', () => {
    expect(createDomainSearch(DOMAINS).search('zzzzqqq')).toEqual([])
  })

  it('is case-insensitive', () => {
    expect(createDomainSearch(DOMAINS).search('PELDA')).toEqual(['pelda.hu'])
  })
})
