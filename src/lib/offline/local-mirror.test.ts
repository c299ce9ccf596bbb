import { describe, expect, it } from 'vitest'
import { mirrorLocalKey, readMirroredKey, restoreMirroredKeys } from './local-mirror'

describe('local mirror', () => {
  it('restores localSettings and closedAlerts when localStorage lost them', async () => {
    localStorage.setItem('localSettings', '{"featurePreview:groupNotes":"ui1"}')
    localStorage.setItem('closedAlerts', '["a1","a2"]')
    await mirrorLocalKey('localSettings')
    await mirrorLocalKey('closedAlerts')
    localStorage.clear()

    expect((await restoreMirroredKeys()).sort()).toEqual(['closedAlerts', 'localSettings'])
    expect(localStorage.getItem('localSettings')).toBe('{"featurePreview:groupNotes":"ui1"}')
    expect(localStorage.getItem('closedAlerts')).toBe('["a1","a2"]')
  })

  it('keeps what localStorage has and refreshes the mirror from it', async () => {
    localStorage.setItem('localSettings', '{"a":1}')
    await mirrorLocalKey('localSettings')
    localStorage.setItem('localSettings', '{"a":2}')

    expect(await restoreMirroredKeys()).not.toContain('localSettings')
    expect(localStorage.getItem('localSettings')).toBe('{"a":2}')
    expect(await readMirroredKey('localSettings')).toBe('{"a":2}')
  })

  it('removes the mirror when the key is removed', async () => {
    localStorage.setItem('closedAlerts', '["x"]')
    await mirrorLocalKey('closedAlerts')
    localStorage.removeItem('closedAlerts')
    await mirrorLocalKey('closedAlerts')

    expect(await readMirroredKey('closedAlerts')).toBeUndefined()
    expect(await restoreMirroredKeys()).not.toContain('closedAlerts')
    expect(localStorage.getItem('closedAlerts')).toBeNull()
  })

  it('keeps local settings written while the mirror was read (the login screen takes input meanwhile)', async () => {
    localStorage.clear()
    await mirrorLocalKey('localSettings')
    const restoring = restoreMirroredKeys()
    localStorage.setItem('localSettings', '{"featurePreview:timetablePlanner":true}')

    expect(await restoring).toEqual([])
    expect(localStorage.getItem('localSettings')).toBe('{"featurePreview:timetablePlanner":true}')
    expect(await readMirroredKey('localSettings')).toBe('{"featurePreview:timetablePlanner":true}')
  })

  it('stores empty local settings when neither localStorage nor the mirror has any, so the next start need not wait', async () => {
    localStorage.clear()
    await mirrorLocalKey('localSettings')

    expect(await restoreMirroredKeys()).toEqual([])
    expect(localStorage.getItem('localSettings')).toBe('{}')
    expect(localStorage.getItem('closedAlerts')).toBeNull()
  })
})
