import Fuse from 'fuse.js'
import { describe, expect, it } from 'vitest'
import type { Student } from '@contract/api'
import { FUZZY_THRESHOLD } from '@contract/limits'
import { createStudentSearch, normaliseForSearch } from './student-search'

function students(...names: string[]): Student[] {
  return names.map((name, i) => ({ id: String(i + 1), name, username: `user${i + 1}` }))
}

const names = (list: readonly Student[]) => list.map((s) => s.name)

describe('normaliseForSearch', () => {
  it('strips Hungarian accents, lower-cases and collapses whitespace', () => {
    expect(normaliseForSearch('  Kovács   ŐSZ Ürmös ')).toBe('kovacs osz urmos')
  })
})

describe('createStudentSearch', () => {
  const list = students('Kovács Anna', 'Nagy Bence', 'Szűcs Ödön', 'Tóth Eszter')

  it('shows the full list for an empty term', () => {
    expect(createStudentSearch(list).search('')).toBe(list)
  })

  it('shows the full list for a whitespace-only term', () => {
    expect(createStudentSearch(list).search('   \t ')).toBe(list)
  })

  it('finds "Kovács" when typed without accents', () => {
    expect(names(createStudentSearch(list).search('Kovacs'))).toEqual(['Kovács Anna'])
  })

  it('finds an unaccented name when typed with accents', () => {
    const plain = students('Kovacs Anna', 'Nagy Bence')
    expect(names(createStudentSearch(plain).search('kovács'))).toEqual(['Kovacs Anna'])
  })

  it('ignores the double acute accents of ő and ű', () => {
    expect(names(createStudentSearch(list).search('szucs odon'))).toEqual(['Szűcs Ödön'])
  })

  it('searches usernames too', () => {
    const withUsernames = [
      { id: '1', name: 'Kovács Anna', username: 'kanna' },
      { id: '2', name: 'Nagy Bence', username: 'nbence' },
    ]
    expect(names(createStudentSearch(withUsernames).search('nbence'))).toEqual(['Nagy Bence'])
  })

  it('is case-insensitive', () => {
    expect(names(createStudentSearch(list).search('TÓTH'))).toEqual(['Tóth Eszter'])
  })

  it('tolerates a typo within the 0.3 threshold', () => {
    // 'kovcs' against 'kovacs': one edit in five characters, a score of 0.2.
    expect(names(createStudentSearch(list).search('kovcs'))).toEqual(['Kovács Anna'])
  })

  it('rejects a term beyond the 0.3 threshold', () => {
    // Two edits in five characters is 0.4.
    expect(createStudentSearch(list).search('kxvxcs')).toEqual([])
    expect(createStudentSearch(list).search('zzzzzz')).toEqual([])
  })

  it('allows no typo in a term of three characters (one edit would score 0.33)', () => {
    expect(createStudentSearch(list).search('kvx')).toEqual([])
    expect(names(createStudentSearch(list).search('kov'))).toEqual(['Kovács Anna'])
  })

  it('ranks exact matches first, then prefixes, then word prefixes, then other substrings, then fuzzy ones', () => {
    const ranked = [
      { id: '1', name: 'Anna Kis', username: 'x1' }, // prefix
      { id: '2', name: 'Hanna Nagy', username: 'x2' }, // substring inside a word
      { id: '3', name: 'Kovács Anna', username: 'x3' }, // word prefix
      { id: '4', name: 'Anna', username: 'x4' }, // exact
      { id: '5', name: 'Ana Tóth', username: 'x5' }, // fuzzy (one deletion)
      { id: '6', name: 'Béla Bartók', username: 'x6' }, // no match
    ]
    expect(names(createStudentSearch(ranked).search('anna'))).toEqual([
      'Anna',
      'Anna Kis',
      'Kovács Anna',
      'Hanna Nagy',
      'Ana Tóth',
    ])
  })

  it('keeps the list order among equally good matches', () => {
    const same = students('Kiss Anna', 'Kiss Bence', 'Kiss Csaba')
    expect(names(createStudentSearch(same).search('kiss'))).toEqual(['Kiss Anna', 'Kiss Bence', 'Kiss Csaba'])
  })

  it('returns the same student objects it was given', () => {
    expect(createStudentSearch(list).search('nagy')[0]).toBe(list[1])
  })

  it('finds exactly what a plain Fuse search over the whole list finds (the pre-filter loses nothing)', () => {
    const big = generateStudents(1500)
    const fuse = new Fuse(
      big.map((s) => ({ n: normaliseForSearch(s.name), u: normaliseForSearch(s.username) })),
      { keys: ['n', 'u'], threshold: FUZZY_THRESHOLD, ignoreLocation: true },
    )
    const search = createStudentSearch(big)
    const random = seeded(42)
    for (let q = 0; q < 200; q++) {
      const source = big[Math.floor(random() * big.length)]
      const text = normaliseForSearch(random() < 0.7 ? source.name : source.username)
      const start = Math.floor(random() * text.length)
      let term = text.slice(start, start + 3 + Math.floor(random() * 12))
      // Up to three random edits: substitutions, deletions and insertions.
      for (let e = Math.floor(random() * 4); e > 0 && term.length > 1; e--) {
        const at = Math.floor(random() * term.length)
        const letter = 'abcdeghiklmnorstvz '[Math.floor(random() * 19)]
        const kind = Math.floor(random() * 3)
        term =
          kind === 0
            ? term.slice(0, at) + letter + term.slice(at + 1)
            : kind === 1
              ? term.slice(0, at) + term.slice(at + 1)
              : term.slice(0, at) + letter + term.slice(at)
      }
      if (!term.trim()) continue
      const expected = new Set(fuse.search(normaliseForSearch(term)).map((r) => r.refIndex))
      const actual = new Set(search.search(term).map((s) => Number(s.id)))
      expect([...actual].sort(), `term "${term}"`).toEqual([...expected].sort())
    }
  })
})

const FIRST = [
  'Anna',
  'Bence',
  'Csaba',
  'Dóra',
  'Eszter',
  'Ferenc',
  'Gábor',
  'Hanna',
  'István',
  'Judit',
  'Lőrinc',
  'Ödön',
]
const LAST = [
  'Kovács',
  'Nagy',
  'Tóth',
  'Szabó',
  'Horváth',
  'Varga',
  'Kiss',
  'Molnár',
  'Németh',
  'Szűcs',
  'Török',
]

function generateStudents(count: number): Student[] {
  return Array.from({ length: count }, (_, i) => {
    const last = LAST[i % LAST.length]
    const first = FIRST[Math.floor(i / LAST.length) % FIRST.length]
    const second = i % 3 === 0 ? ` ${FIRST[(i * 7) % FIRST.length]}` : ''
    return {
      id: String(i),
      name: `${last} ${first}${second}`,
      username: normaliseForSearch(`${last}.${first}${i}`),
    }
  })
}

/** A small deterministic PRNG (mulberry32): the same queries on every run. */
function seeded(seed: number): () => number {
  let a = seed
  return () => {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
