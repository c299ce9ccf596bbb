import { describe, expect, it } from 'vitest'
import { createPickerSearch, PICKER_LIMIT } from './student-picker-search'
import { aStudent } from './test-helpers'

const NONE = new Set<string>()

describe('student picker search', () => {
  const students = [
    aStudent('Kovács Anna'),
    aStudent('Kovács Béla'),
    aStudent('Nagy Péter', { username: 'diak07' }),
    aStudent('Szabó Eszter'),
  ]
  const search = createPickerSearch(students)

  it('finds nobody for an empty or blank term', () => {
    expect(search.search('', NONE)).toEqual([])
    expect(search.search('   ', NONE)).toEqual([])
  })

  it('matches names fuzzily and without accents', () => {
    expect(search.search('kovacs', NONE).map((s) => s.name)).toEqual(['Kovács Anna', 'Kovács Béla'])
    // One typo in six letters is within threshold 0.3.
    expect(search.search('Szabi', NONE).map((s) => s.name)).toEqual(['Szabó Eszter'])
  })

  it('matches usernames', () => {
    expect(search.search('diak07', NONE).map((s) => s.name)).toEqual(['Nagy Péter'])
  })

  it('finds nothing for a term far from every name', () => {
    expect(search.search('xyzxyz', NONE)).toEqual([])
  })

  it('shows at most 5, leaving out the students already chosen', () => {
    const many = Array.from({ length: 12 }, (_, i) => aStudent(`Tóth ${i + 1}`, { username: `toth${i + 1}` }))
    const picker = createPickerSearch(many)
    expect(picker.search('tóth', NONE)).toHaveLength(PICKER_LIMIT)
    const chosen = new Set(['toth1', 'toth2', 'toth3'])
    const results = picker.search('tóth', chosen)
    expect(results).toHaveLength(PICKER_LIMIT)
    expect(results.some((s) => chosen.has(s.username))).toBe(false)
  })
})
