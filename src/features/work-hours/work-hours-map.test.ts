import { describe, expect, it } from 'vitest'
import { normaliseWorkHours, withHours } from './work-hours-map'

describe('normaliseWorkHours', () => {
  it('gives the same map for the flat and the nested year → month → day shapes', () => {
    const flat = { '2026-11-03': 8, '2026-11-20': 7.5, '2025-12-31': 4 }
    const nested = { '2026': { '11': { '3': 8, '20': 7.5 } }, '2025': { '12': { '31': 4 } } }
    expect(normaliseWorkHours(nested)).toEqual(flat)
    expect(normaliseWorkHours(flat)).toEqual(flat)
  })

  it('accepts zero-padded nested keys', () => {
    expect(normaliseWorkHours({ '2026': { '03': { '09': 2 } } })).toEqual({ '2026-03-09': 2 })
  })

  it('leaves out zero, negative, non-numeric and malformed entries', () => {
    expect(
      normaliseWorkHours({
        '2026-11-01': 0,
        '2026-11-02': -1,
        '2026-11-03': '8',
        '2026-11-04': Number.NaN,
        'nem-dátum': 3,
        '2026': { '11': { x: 3, '5': null } },
      }),
    ).toEqual({})
    expect(normaliseWorkHours(null)).toEqual({})
    expect(normaliseWorkHours([1, 2])).toEqual({})
  })
})

describe('withHours', () => {
  it('sets a day, and 0 removes it', () => {
    expect(withHours({ '2026-11-20': 8 }, '2026-11-21', 4)).toEqual({ '2026-11-20': 8, '2026-11-21': 4 })
    expect(withHours({ '2026-11-20': 8 }, '2026-11-20', 0)).toEqual({})
    expect(withHours(undefined, '2026-11-20', 6)).toEqual({ '2026-11-20': 6 })
  })
})
