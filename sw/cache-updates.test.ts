import { describe, expect, it } from 'vitest'
import { cacheUpdatedMessage, sameContent } from './cache-updates'

const BASE = 'https://iskola.pelda.hu/api'

function answer(body: string, etag?: string) {
  return new Response(body, { status: 200, headers: etag ? { ETag: etag } : {} })
}

describe('sameContent', () => {
  it('compares ETags when both answers have one', async () => {
    expect(await sameContent(answer('a', '"1"'), answer('b', '"1"'))).toBe(true)
    expect(await sameContent(answer('a', '"1"'), answer('a', '"2"'))).toBe(false)
  })

  it('compares bodies otherwise', async () => {
    expect(await sameContent(answer('{"a":1}'), answer('{"a":1}'))).toBe(true)
    expect(await sameContent(answer('{"a":1}'), answer('{"a":2}'))).toBe(false)
  })
})

describe('cacheUpdatedMessage', () => {
  it('names the route and path of a cached API URL', () => {
    expect(cacheUpdatedMessage(`${BASE}/students/`, BASE)).toEqual({
      type: 'API_CACHE_UPDATED',
      routeId: 'students',
      path: '/students/',
      url: `${BASE}/students/`,
    })
  })

  it('builds no message for URLs outside the cached routes', () => {
    expect(cacheUpdatedMessage(`${BASE}/auth/login`, BASE)).toBeNull()
    expect(cacheUpdatedMessage('https://mas.pelda.hu/api/students/', BASE)).toBeNull()
  })
})
