import { describe, expect, it } from 'vitest'
import { AUDIT_TYPES } from '@contract/audit'
import {
  DEFAULT_FILTERS,
  anyFilterActive,
  auditFilterParams,
  daysBefore,
  eventCount,
  filterChips,
  narrowsLog,
  queryString,
  removeChip,
  toggleType,
  toggleUser,
  type AuditFilters,
} from './audit-filters'

// 2025-03-10 23:30 UTC is already 2025-03-11 in Budapest.
const NOW = new Date(Date.UTC(2025, 2, 10, 23, 30))
const label = (type: string) => type.toUpperCase()

describe('audit filters', () => {
  it('send nothing by default', () => {
    expect(auditFilterParams(DEFAULT_FILTERS, NOW)).toEqual({})
    expect(anyFilterActive(DEFAULT_FILTERS)).toBe(false)
    expect(narrowsLog(DEFAULT_FILTERS)).toBe(false)
    expect(filterChips(DEFAULT_FILTERS, label)).toEqual([])
  })

  it('send the trimmed search, the checked types and the first day of the period (Budapest calendar)', () => {
    const filters: AuditFilters = {
      q: '  terem ',
      users: [],
      types: ['createShortUrl', 'deleteShortUrl'],
      period: 'week',
    }
    expect(auditFilterParams(filters, NOW)).toEqual({
      q: 'terem',
      types: 'createShortUrl,deleteShortUrl',
      from: '2025-03-04',
    })
    expect(auditFilterParams({ ...DEFAULT_FILTERS, period: 'today' }, NOW)).toEqual({ from: '2025-03-11' })
    expect(auditFilterParams({ ...DEFAULT_FILTERS, period: 'month' }, NOW)).toEqual({ from: '2025-02-09' })
  })

  it('send the user only when exactly one is selected (spec §5)', () => {
    expect(auditFilterParams({ ...DEFAULT_FILTERS, users: ['anna'] }, NOW)).toEqual({ user: 'anna' })
    expect(auditFilterParams({ ...DEFAULT_FILTERS, users: ['anna', 'bela'] }, NOW)).toEqual({})
    expect(narrowsLog({ ...DEFAULT_FILTERS, users: ['anna', 'bela'] })).toBe(false)
    expect(anyFilterActive({ ...DEFAULT_FILTERS, users: ['anna', 'bela'] })).toBe(true)
  })

  it('never uncheck the last type, and keep the catalogue order', () => {
    expect(toggleType(['createNote'], 'createNote', false)).toEqual(['createNote'])
    expect(toggleType(['createNote'], 'createClassroom', true)).toEqual(['createClassroom', 'createNote'])
    expect(toggleType(AUDIT_TYPES, 'createNote', false)).toHaveLength(AUDIT_TYPES.length - 1)
  })

  it('keep selected users in the list order', () => {
    expect(toggleUser(['cecil'], 'anna', true, ['anna', 'bela', 'cecil'])).toEqual(['anna', 'cecil'])
    expect(toggleUser(['anna', 'cecil'], 'anna', false, ['anna', 'bela', 'cecil'])).toEqual(['cecil'])
    // A user not (or no longer) in the list stays selected until removed.
    expect(toggleUser([], 'zoe', true, ['anna'])).toEqual(['zoe'])
  })

  it('show a chip per active filter, and removing one clears only that filter', () => {
    const filters: AuditFilters = { q: 'x', users: ['anna', 'bela'], types: ['createNote'], period: 'today' }
    const chips = filterChips(filters, label)
    expect(chips.map((chip) => chip.label)).toEqual([
      'Keresés: x',
      'Felhasználó: anna',
      'Felhasználó: bela',
      'Események: CREATENOTE',
      'Időszak: Ma',
    ])
    expect(removeChip(filters, chips[1])).toEqual({ ...filters, users: ['bela'] })
    expect(removeChip(filters, chips[0]).q).toBe('')
    expect(removeChip(filters, chips[3]).types).toEqual(AUDIT_TYPES)
    expect(removeChip(filters, chips[4]).period).toBe('all')
    const many = filterChips({ ...DEFAULT_FILTERS, types: AUDIT_TYPES.slice(0, 5) }, label)
    expect(many.map((chip) => chip.label)).toEqual([`Események: 5 / ${AUDIT_TYPES.length} eseménytípus`])
  })

  it('count events, saying "több mint" for an estimate', () => {
    expect(eventCount(0, false)).toBe('0 esemény')
    expect(eventCount(130, false)).toBe('130 esemény')
    expect(eventCount(10000, true)).toBe('több mint 10\u00a0000 esemény')
  })

  it('count days back by the calendar, across months and a DST change', () => {
    expect(daysBefore('2025-03-31', 7)).toBe('2025-03-24')
    expect(daysBefore('2025-03-01', 1)).toBe('2025-02-28')
    expect(daysBefore('2025-01-05', 30)).toBe('2024-12-06')
  })

  it('build a query string, empty without parameters', () => {
    expect(queryString({})).toBe('')
    expect(queryString({ q: 'a b&c', page: 2 })).toBe('?q=a+b%26c&page=2')
  })
})
