import { describe, expect, it } from 'vitest'
import { readMirroredKey } from '@/lib/offline/local-mirror'
import { closeAlert, readClosedAlerts } from './closed-alerts'

describe('closed alerts', () => {
  it('keeps the dismissed ids in localStorage closedAlerts as a JSON array, once each', () => {
    expect(closeAlert('a1')).toEqual(['a1'])
    expect(closeAlert('a2')).toEqual(['a1', 'a2'])
    expect(closeAlert('a1')).toEqual(['a1', 'a2'])
    expect(JSON.parse(localStorage.getItem('closedAlerts')!)).toEqual(['a1', 'a2'])
    expect(readClosedAlerts()).toEqual(['a1', 'a2'])
  })

  it('mirrors them into IndexedDB', async () => {
    closeAlert('x9')
    await expect.poll(() => readMirroredKey('closedAlerts')).toBe('["x9"]')
  })

  it('reads anything unreadable as nothing dismissed', () => {
    localStorage.setItem('closedAlerts', '{not json')
    expect(readClosedAlerts()).toEqual([])
    localStorage.setItem('closedAlerts', '{"a":1}')
    expect(readClosedAlerts()).toEqual([])
    localStorage.setItem('closedAlerts', '["ok", 3, null]')
    expect(readClosedAlerts()).toEqual(['ok'])
  })
})
