import { http, HttpResponse, type JsonBodyType } from 'msw'
import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER } from '@contract/http'
import { API, server } from '../test/msw'
import { ApiError, apiRequest, NetworkError } from './api-client'

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

describe('apiRequest on a plain-http page (no crypto.randomUUID outside secure contexts)', () => {
  it('still sends a write, with a version 4 Idempotency-Key', async () => {
    let key: string | null = null
    server.use(
      http.post(`${API}/thing`, ({ request }) => {
        key = request.headers.get(IDEMPOTENCY_HEADER)
        return HttpResponse.json({ ok: true })
      }),
    )
    // An own property shadows the prototype's method, as a browser leaves it out on http://.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      expect(crypto.randomUUID).toBeUndefined()
      await expect(apiRequest('/thing', { method: 'POST', body: {} })).resolves.toMatchObject({ status: 200 })
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID
    }
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})

describe('apiRequest with onProgress (NDJSON: progress lines, then the answer)', () => {
  const ndjson = (lines: string[]) =>
    server.use(
      http.post(
        `${API}/thing`,
        () => new HttpResponse(lines.join('\n'), { headers: { 'Content-Type': 'application/x-ndjson' } }),
      ),
    )

  it('passes progress on and judges the result line as the answer', async () => {
    ndjson(['{"phase":"hash","done":1,"total":2}', '{"phase":"result","status":201,"body":{"code":201}}', ''])
    const seen: unknown[] = []
    await expect(
      apiRequest('/thing', { method: 'POST', expectCode: 201, onProgress: (line) => seen.push(line) }),
    ).resolves.toMatchObject({ status: 201, data: { code: 201 } })
    expect(seen).toEqual([{ phase: 'hash', done: 1, total: 2 }])
    ndjson(['{"phase":"result","status":409,"body":{"code":409,"message":"Foglalt."}}'])
    await expect(apiRequest('/thing', { method: 'POST', onProgress: () => {} })).rejects.toMatchObject({
      status: 409,
      message: 'Foglalt.',
    })
  })

  it('is a lost connection when the body ends before its result', async () => {
    ndjson(['{"phase":"hash","done":1,"total":2}', ''])
    await expect(apiRequest('/thing', { method: 'POST', onProgress: () => {} })).rejects.toBeInstanceOf(
      NetworkError,
    )
  })
})
