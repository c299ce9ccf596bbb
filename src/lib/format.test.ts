import { afterEach, describe, expect, it } from 'vitest'
import {
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatDayWithWeekday,
  formatMonth,
  formatNumericDateTime,
  formatShortDate,
  formatShortDateTime,
  formatWeekday,
  formatWeekdayShort,
  isValidMoment,
} from './format'
import { DEFAULT_TIME_ZONE, schoolTimeZone, schoolToday, setSchoolTimeZone } from './school-zone'

// The module keeps the zone the dashboard sent; logic tests share one module graph, so every test leaves the default.
afterEach(() => setSchoolTimeZone(undefined))

describe('moments, in the school zone (Europe/Budapest by default)', () => {
  // Tuesday 24 November 2026, 18:30:05 in Budapest (UTC+1).
  const moment = new Date('2026-11-24T17:30:05Z')

  it('has Europe/Budapest until the dashboard says otherwise', () => {
    expect(schoolTimeZone()).toBe(DEFAULT_TIME_ZONE)
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Budapest')
  })

  it('formats each shape in Hungarian', () => {
    expect(formatDateTime(moment)).toBe('2026. november 24. 18:30')
    expect(formatDateTimeSeconds(moment)).toBe('2026. november 24. 18:30:05')
    expect(formatNumericDateTime(moment)).toBe('2026. 11. 24. 18:30')
    expect(formatShortDateTime(moment)).toBe('2026. nov. 24. 18:30')
    expect(formatShortDate(moment)).toBe('2026. nov. 24.')
  })

  it('takes a Date, epoch milliseconds or an ISO string alike', () => {
    expect(formatDateTime(moment.getTime())).toBe('2026. november 24. 18:30')
    expect(formatDateTime('2026-11-24T17:30:05.000Z')).toBe('2026. november 24. 18:30')
  })

  it('writes the hour of the short form without a leading zero, as Intl does', () => {
    expect(formatShortDateTime('2026-09-01T07:05:00Z')).toBe('2026. szept. 1. 9:05')
    expect(formatShortDateTime('2026-09-01T22:05:00Z')).toBe('2026. szept. 2. 0:05')
  })

  it('shows the same strings as the Intl formatters it replaced', () => {
    const numeric = new Intl.DateTimeFormat('hu-HU', {
      timeZone: 'Europe/Budapest',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
    const medium = new Intl.DateTimeFormat('hu-HU', {
      timeZone: 'Europe/Budapest',
      dateStyle: 'medium',
      timeStyle: 'short',
    })
    const mediumDate = new Intl.DateTimeFormat('hu-HU', { timeZone: 'Europe/Budapest', dateStyle: 'medium' })
    for (let month = 0; month < 12; month++) {
      const time = new Date(Date.UTC(2026, month, 9, 6, 7))
      expect(formatNumericDateTime(time)).toBe(numeric.format(time))
      expect(formatShortDateTime(time)).toBe(medium.format(time))
      expect(formatShortDate(time)).toBe(mediumDate.format(time))
    }
  })

  it('counts the day in Budapest around midnight: 23:30 UTC on Sunday is Monday 00:30 there', () => {
    expect(formatDateTime('2026-11-22T23:30:00Z')).toBe('2026. november 23. 00:30')
    expect(formatDay(schoolToday(new Date('2026-11-22T23:30:00Z')))).toBe('2026. november 23.')
    expect(schoolToday(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23')
    expect(schoolToday(new Date('2026-11-22T22:59:59Z'))).toBe('2026-11-22')
  })

  it('follows summer time: the clock jumps from 02:00 to 03:00 on 29 March 2026, back on 25 October', () => {
    expect(formatDateTimeSeconds('2026-03-29T00:59:59Z')).toBe('2026. március 29. 01:59:59')
    expect(formatDateTimeSeconds('2026-03-29T01:00:00Z')).toBe('2026. március 29. 03:00:00')
    expect(formatDateTime('2026-10-25T00:30:00Z')).toBe('2026. október 25. 02:30')
    expect(formatDateTime('2026-10-25T01:30:00Z')).toBe('2026. október 25. 02:30')
    expect(formatDateTime('2026-10-25T02:30:00Z')).toBe('2026. október 25. 03:30')
    // 22:30 UTC on 30 June is already 1 July at UTC+2.
    expect(schoolToday(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01')
    expect(formatDay(schoolToday(new Date('2026-06-30T22:30:00Z')))).toBe('2026. július 1.')
  })

  it('shows moments in the zone the dashboard sent, and the same moment on another day there', () => {
    setSchoolTimeZone('America/New_York')
    expect(schoolTimeZone()).toBe('America/New_York')
    expect(formatDateTime('2026-11-23T03:30:00Z')).toBe('2026. november 22. 22:30')
    expect(schoolToday(new Date('2026-11-23T03:30:00Z'))).toBe('2026-11-22')
    // New York changes its clocks on other days than Budapest: 8 March 2026, 02:00 → 03:00.
    expect(formatDateTime('2026-03-08T06:59:00Z')).toBe('2026. március 8. 01:59')
    expect(formatDateTime('2026-03-08T07:00:00Z')).toBe('2026. március 8. 03:00')
  })

  it('keeps the default for an empty or unknown zone', () => {
    setSchoolTimeZone('Mars/Olympus')
    expect(schoolTimeZone()).toBe('Europe/Budapest')
    setSchoolTimeZone('')
    expect(schoolTimeZone()).toBe('Europe/Budapest')
  })

  it('tells a real moment from text and out-of-range numbers', () => {
    expect(isValidMoment('2026-11-24T17:30:05Z')).toBe(true)
    expect(isValidMoment(0)).toBe(true)
    expect(isValidMoment('tegnap')).toBe(false)
    expect(isValidMoment(Number.NaN)).toBe(false)
    expect(isValidMoment(1e20)).toBe(false)
  })
})

describe('calendar days, with no zone involved', () => {
  it('formats a day, a day with its weekday, a weekday and a month', () => {
    expect(formatDay('2026-11-23')).toBe('2026. november 23.')
    expect(formatDayWithWeekday('2026-11-20')).toBe('2026. november 20., péntek')
    expect(formatWeekday('2026-11-23')).toBe('hétfő')
    expect(formatWeekdayShort('2026-11-25')).toBe('Sze')
    expect(formatMonth('2026-11')).toBe('2026. november')
    expect(formatMonth('2027-01')).toBe('2027. január')
  })

  it('shows the same day whatever the school zone (a day is not a moment)', () => {
    setSchoolTimeZone('Pacific/Kiritimati')
    expect(formatDay('2026-03-29')).toBe('2026. március 29.')
    setSchoolTimeZone('Pacific/Pago_Pago')
    expect(formatDayWithWeekday('2026-10-25')).toBe('2026. október 25., vasárnap')
  })
})
