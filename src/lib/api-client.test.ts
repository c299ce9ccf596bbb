import { http, HttpResponse, type JsonBodyType } from 'msw'
import { describe, expect, it } from 'vitest'
import { API, server } from '../test/msw'
import { ApiError, apiRequest } from './api-client'

function answer(body: JsonBodyType, status = 200) {
  server.use(http.post(`${API}/thing`, () => HttpResponse.json(body, { status })))
}

describe('apiRequest expectCode (spec §7: a 2xx answer can still carry a failure code)', () => {
  it('throws an ApiError with the body code and message when a 2xx body carries another code', async () => {
    answer({ code: 404, message: 'Nincs ilyen diák.' })
    const error = await apiRequest('/thing', { method: 'POST', expectCode: 200 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 404, message: 'Nincs ilyen diák.' })
  })

  it('accepts the expected code, a code the predicate accepts, and a body without a code', async () => {
    answer({ code: 201, message: 'Létrehozva.' })
    await expect(apiRequest('/thing', { method: 'POST', expectCode: 201 })).resolves.toMatchObject({
      data: { code: 201 },
    })
    answer({ code: 204, message: 'OK' })
    await expect(
      apiRequest('/thing', { method: 'POST', expectCode: (code) => code >= 200 && code <= 204 }),
    ).resolves.toBeDefined()
    answer({ ok: true })
    await expect(apiRequest('/thing', { method: 'POST', expectCode: 200 })).resolves.toBeDefined()
  })

  it('does not look at the body code without expectCode', async () => {
    answer({ code: 201, alerts: [] })
    await expect(apiRequest('/thing', { method: 'POST' })).resolves.toMatchObject({ data: { code: 201 } })
  })
})
