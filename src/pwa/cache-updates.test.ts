import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { connectQueryClientToCacheUpdates, dispatchApiCacheMessageForTests } from './cache-updates'

describe('API cache updates', () => {
  it('refetches the queries of the endpoint whose cached answer changed', async () => {
    const client = new QueryClient()
    client.setQueryData(['notes', 'g1'], [])
    client.setQueryData(['students'], [])
    const disconnect = connectQueryClientToCacheUpdates(client)

    dispatchApiCacheMessageForTests({
      type: 'API_CACHE_UPDATED',
      routeId: 'notes',
      path: '/notes/g1',
      url: 'http://localhost/api/notes/g1',
    })
    dispatchApiCacheMessageForTests({ type: 'SOMETHING_ELSE' })

    expect(client.getQueryState(['notes', 'g1'])?.isInvalidated).toBe(true)
    expect(client.getQueryState(['students'])?.isInvalidated).toBe(false)
    disconnect()
  })
})
