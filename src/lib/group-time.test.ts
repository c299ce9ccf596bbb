import { afterEach, describe, expect, it } from 'vitest'
import { byStartTime, minutesOf, schoolMinutes, timeLabel, timeRangeLabel } from './group-time'
import { setSchoolTimeZone } from './school-zone'

describe('group time', () => {
  afterEach(() => setSchoolTimeZone(undefined))

  it("shows '8:00–9:30': no leading zero on the hour, an en dash; nothing without a time", () => {
    expect(timeLabel('08:05')).toBe('8:05')
    expect(timeLabel('00:15')).toBe('0:15')
    expect(timeLabel('13:45')).toBe('13:45')
    expect(timeRangeLabel('08:00', '09:30')).toBe('8:00–9:30')
    expect(timeRangeLabel(null, null)).toBeNull()
  })

  it('orders by start time, a group without a time last', () => {
    const sorted = [{ startTime: null }, { startTime: '10:00' }, { startTime: '08:15' }].sort(byStartTime)
    expect(sorted.map((g) => g.startTime)).toEqual(['08:15', '10:00', null])
  })

  it("reads the time of day on the school's clock", () => {
    expect(minutesOf('08:05')).toBe(485)
    // 07:05 UTC is 08:05 in Budapest in winter, 02:05 in New York.
    const now = new Date('2026-11-23T07:05:00Z')
    expect(schoolMinutes(now)).toBe(485)
    setSchoolTimeZone('America/New_York')
    expect(schoolMinutes(now)).toBe(125)
  })
})
