import { describe, expect, it } from 'vitest'
import { apiCacheName, apiCacheNameForAuthorization, isApiCacheName } from '../contract/api-cache-name'
import { parseBackendBase, planApiRequest } from './api-request'

const BASE = 'https://iskola.pelda.hu/api'

function request(method: string, path: string, token: string | null = 'tok-1') {
  const headers = new Headers()
  if (token) headers.set('Authorization', token)
  return { method, url: `${path.startsWith('http') ? '' : BASE}${path}`, headers }
}

describe('planApiRequest', () => {
  it('caches GETs of listed endpoints that carry a token', () => {
    const plan = planApiRequest(request('GET', '/students/'), BASE)
    expect(plan).toMatchObject({ kind: 'cache', path: '/students/', route: { id: 'students' } })
  })

  it('does not cache a request without a token', () => {
    expect(planApiRequest(request('GET', '/students/', null), BASE)).toEqual({ kind: 'none' })
    expect(planApiRequest(request('POST', '/dashboard/userSettings', null), BASE)).toEqual({ kind: 'none' })
  })

  it('never caches auth/*', () => {
    expect(planApiRequest(request('GET', '/auth/login'), BASE)).toEqual({ kind: 'none' })
    expect(planApiRequest(request('POST', '/auth/login'), BASE)).toEqual({ kind: 'none' })
  })

  it('leaves requests outside the backend base alone', () => {
    expect(planApiRequest(request('GET', 'https://iskola.pelda.hu/assets/app.js'), BASE)).toEqual({
      kind: 'none',
    })
    expect(planApiRequest(request('GET', 'https://mas.pelda.hu/api/students/'), BASE)).toEqual({
      kind: 'none',
    })
  })

  it('routes writes that make a cached answer stale through the refresh', () => {
    expect(planApiRequest(request('POST', '/dashboard/userSettings'), BASE)).toEqual({
      kind: 'write',
      path: '/dashboard/userSettings',
    })
    expect(planApiRequest(request('DELETE', '/links/5'), BASE)).toMatchObject({ kind: 'write' })
  })

  it('leaves writes that change nothing cached alone', () => {
    expect(planApiRequest(request('POST', '/students/password'), BASE)).toEqual({ kind: 'none' })
  })

  it('accepts a Bearer prefix as a token', () => {
    expect(planApiRequest(request('GET', '/alerts', 'Bearer tok-1'), BASE).kind).toBe('cache')
  })
})

describe('parseBackendBase', () => {
  it('keeps absolute http(s) URLs without trailing slashes', () => {
    expect(parseBackendBase('https://api.pelda.hu/v1/')).toBe('https://api.pelda.hu/v1')
    expect(parseBackendBase('http://127.0.0.1:8080/api')).toBe('http://127.0.0.1:8080/api')
  })

  it('rejects anything else', () => {
    expect(parseBackendBase('javascript:alert(1)')).toBeNull()
    expect(parseBackendBase('/api')).toBeNull()
    expect(parseBackendBase(42)).toBeNull()
  })
})

describe('api cache name', () => {
  it('is api- plus the first 16 hex digits of sha256(token)', async () => {
    // sha256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
    expect(await apiCacheName('abc')).toBe('api-ba7816bf8f01cfea')
  })

  it('is the same with or without a Bearer prefix, and null without a token', async () => {
    expect(await apiCacheNameForAuthorization('Bearer abc')).toBe('api-ba7816bf8f01cfea')
    expect(await apiCacheNameForAuthorization(null)).toBeNull()
    expect(await apiCacheNameForAuthorization('  ')).toBeNull()
  })

  it('differs between users and is recognised as an API cache', async () => {
    const [a, b] = await Promise.all([apiCacheName('user-a'), apiCacheName('user-b')])
    expect(a).not.toBe(b)
    expect(isApiCacheName(a)).toBe(true)
    expect(isApiCacheName('workbox-precache-v2-https://iskola.pelda.hu/')).toBe(false)
  })
})
