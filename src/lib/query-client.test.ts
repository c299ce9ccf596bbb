import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from './api-client'
import { createQueryClient, shouldRetry } from './query-client'

describe('query client', () => {
  it('runs queries and mutations offlineFirst so requests still reach the service worker cache', () => {
    const options = createQueryClient().getDefaultOptions()
    expect(options.queries?.networkMode).toBe('offlineFirst')
    expect(options.mutations?.networkMode).toBe('offlineFirst')
  })

  it('never retries a 4xx and retries network errors and 5xx twice', () => {
    expect(shouldRetry(0, new ApiError(404, 'Nem található.'))).toBe(false)
    expect(shouldRetry(0, new ApiError(401, 'Nem vagy bejelentkezve.'))).toBe(false)
    expect(shouldRetry(0, new NetworkError(new TypeError('offline')))).toBe(true)
    expect(shouldRetry(1, new ApiError(503, 'x'))).toBe(true)
    expect(shouldRetry(2, new ApiError(503, 'x'))).toBe(false)
  })
})
