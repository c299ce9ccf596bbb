import { describe, expect, it } from 'vitest'
import { clearScreenRequest, onScreenRequest, requestScreen, screenRequestFor } from './screen-request'

describe('screen requests', () => {
  it('tell the shell, and wait for their screen until it clears them', () => {
    const heard: string[] = []
    const stop = onScreenRequest((request) => heard.push(request.screen))
    const request = { screen: 'groups', open: { attendance: 'g1' }, back: 'dashboard' }
    requestScreen(request)
    expect(heard).toEqual(['groups'])
    expect(screenRequestFor('dashboard')).toBeNull()
    // Read twice (a render may run twice), the same request.
    expect(screenRequestFor('groups')).toBe(request)
    expect(screenRequestFor('groups')).toBe(request)
    clearScreenRequest(request)
    expect(screenRequestFor('groups')).toBeNull()
    stop()
    requestScreen({ screen: 'dashboard' })
    expect(heard).toEqual(['groups'])
    clearScreenRequest({ screen: 'x' })
    expect(screenRequestFor('dashboard')).not.toBeNull()
  })
})
