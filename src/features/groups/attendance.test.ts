import { describe, expect, it } from 'vitest'
import {
  attendanceTotals,
  cycleStatus,
  entriesOf,
  markAllPresent,
  nextStatus,
  registerOf,
  statusLabel,
  statusLetter,
  totalsLine,
  withNote,
} from './attendance'

const MEMBERS = ['anna', 'bela', 'cili', 'dani']

describe('attendance register', () => {
  it('cycles unmarked → jelen → hiányzik → késett → igazolt → unmarked', () => {
    expect(nextStatus(undefined)).toBe('present')
    expect(nextStatus('present')).toBe('absent')
    expect(nextStatus('absent')).toBe('late')
    expect(nextStatus('late')).toBe('excused')
    expect(nextStatus('excused')).toBeUndefined()
  })

  it('cycles one pupil in a new register, leaving the given one and the others as they were', () => {
    const before = new Map([['bela', 'late' as const]])
    const once = cycleStatus(before, 'anna')
    expect([...once]).toEqual([
      ['bela', 'late'],
      ['anna', 'present'],
    ])
    expect([...before]).toEqual([['bela', 'late']])
    expect(cycleStatus(cycleStatus(once, 'bela'), 'bela').has('bela')).toBe(false)
  })

  it("'Mindenki jelen' marks the unmarked members present and keeps the marked ones", () => {
    const register = markAllPresent(
      new Map([
        ['bela', 'absent'],
        ['cili', 'excused'],
      ]),
      MEMBERS,
    )
    expect(Object.fromEntries(register)).toEqual({
      anna: 'present',
      bela: 'absent',
      cili: 'excused',
      dani: 'present',
    })
  })

  it('counts each status and the unmarked members, ignoring entries of non-members', () => {
    const register = new Map([
      ['anna', 'present' as const],
      ['bela', 'absent' as const],
      ['cili', 'present' as const],
      ['volt.tag', 'late' as const],
    ])
    const totals = attendanceTotals(register, MEMBERS)
    expect(totals).toEqual({ present: 2, absent: 1, late: 0, excused: 0, unmarked: 1 })
    expect(totalsLine(totals)).toBe('Jelen: 2 · Hiányzik: 1 · Késett: 0 · Igazolt: 0 · Nincs jelölve: 1')
  })

  it('names a status in words and by letter', () => {
    expect(['present', 'absent', 'late', 'excused', undefined].map((s) => statusLabel(s as never))).toEqual([
      'jelen',
      'hiányzik',
      'késett',
      'igazolt',
      'nincs jelölve',
    ])
    expect(['present', 'absent', 'late', 'excused', undefined].map((s) => statusLetter(s as never))).toEqual([
      'J',
      'H',
      'K',
      'I',
      '',
    ])
  })

  it('reads the server entries (the first of a pupil wins) and writes the whole day back in member order', () => {
    const previous = [
      { student: 'cili', status: 'late' as const, note: 'busz' },
      { student: 'anna', status: 'present' as const },
      { student: 'anna', status: 'absent' as const },
    ]
    const register = registerOf(previous)
    expect(Object.fromEntries(register)).toEqual({ cili: 'late', anna: 'present' })
    register.set('volt.tag', 'present')
    register.set('cili', 'excused')
    expect(entriesOf(register, MEMBERS, previous)).toEqual([
      { student: 'anna', status: 'present' },
      { student: 'cili', status: 'excused', note: 'busz' },
    ])
    expect(entriesOf(new Map(), MEMBERS)).toEqual([])
  })

  it("withNote sets a pupil's note (trimmed), replaces it, and clears it when blank; entriesOf sends it", () => {
    const previous = [
      { student: 'anna', status: 'present' as const },
      { student: 'bela', status: 'absent' as const, note: 'beteg' },
    ]
    const register = registerOf(previous)
    expect(entriesOf(register, MEMBERS, withNote(previous, 'anna', '  a 2. órától '))).toEqual([
      { student: 'anna', status: 'present', note: 'a 2. órától' },
      { student: 'bela', status: 'absent', note: 'beteg' },
    ])
    expect(entriesOf(register, MEMBERS, withNote(previous, 'bela', 'igazolt'))).toEqual([
      { student: 'anna', status: 'present' },
      { student: 'bela', status: 'absent', note: 'igazolt' },
    ])
    expect(entriesOf(register, MEMBERS, withNote(previous, 'bela', '   '))).toEqual([
      { student: 'anna', status: 'present' },
      { student: 'bela', status: 'absent' },
    ])
  })
})
