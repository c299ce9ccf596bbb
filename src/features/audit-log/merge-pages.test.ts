import { describe, expect, it } from 'vitest'
import { mergePages } from './merge-pages'

const raw = (id: string, type = 'createShortUrl') => ({
  _id: id,
  user: 'anna',
  action: { type, timestamp: 1_700_000_000 },
  short: `k-${id}`,
})

describe('mergePages', () => {
  it('keeps the page order and drops a repeated _id', () => {
    const merged = mergePages([{ logs: [raw('a'), raw('b')] }, { logs: [raw('b'), raw('c')] }])
    expect(merged.map((row) => row.key)).toEqual(['a', 'b', 'c'])
  })

  it('keeps malformed entries under keys of their own, and builds each row once per page', () => {
    const first = { logs: [raw('a'), { nonsense: true }] }
    const merged = mergePages([first, { logs: [null] }])
    expect(merged.map((row) => row.key)).toEqual(['a', 'hibas:0:1', 'hibas:1:0'])
    expect(merged[1].view).toBeNull()
    expect(mergePages([first])[0]).toBe(merged[0])
  })

  it('labels known and unknown types', () => {
    const [known, unknown] = mergePages([{ logs: [raw('a'), raw('b', 'launchRocket')] }])
    if (!known.view || !unknown.view) throw new Error('both entries are readable')
    expect([known.label, known.category]).toEqual(['Rövid link létrehozása', 'Rövid linkek'])
    expect([unknown.label, unknown.category]).toEqual(['Ismeretlen művelet', null])
  })
})
