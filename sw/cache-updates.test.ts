import { describe, expect, it } from 'vitest'
import type { ApiCacheUpdatedMessage } from '../contract/sw-protocol'
import { apiUpdatePlugin, cacheUpdatedMessage, sameContent } from './cache-updates'

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

describe('apiUpdatePlugin', () => {
  async function run(oldBody: string | null, newBody: string, url = `${BASE}/students/`) {
    const posted: ApiCacheUpdatedMessage[] = []
    const plugin = apiUpdatePlugin(
      () => BASE,
      (message) => posted.push(message),
    )
    await plugin.cacheDidUpdate!({
      cacheName: 'api-x',
      oldResponse: oldBody === null ? undefined : answer(oldBody),
      newResponse: answer(newBody),
      request: new Request(url),
      state: {},
    } as Parameters<NonNullable<typeof plugin.cacheDidUpdate>>[0])
    return posted
  }

  it('tells the page which endpoint changed', async () => {
    expect(await run('[1]', '[1,2]')).toEqual([
      { type: 'API_CACHE_UPDATED', routeId: 'students', path: '/students/', url: `${BASE}/students/` },
    ])
  })

  it('stays quiet for the first answer and for an unchanged one', async () => {
    expect(await run(null, '[1]')).toEqual([])
    expect(await run('[1]', '[1]')).toEqual([])
  })

  it('builds no message for URLs outside the cached routes', () => {
    expect(cacheUpdatedMessage(`${BASE}/auth/login`, BASE)).toBeNull()
    expect(cacheUpdatedMessage('https://mas.pelda.hu/api/students/', BASE)).toBeNull()
  })
})
