import { describe, expect, it } from 'vitest'
import { randomId, uuidFromBytes, type RandomSource } from './random-id'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** Crypto as a plain-http page has it: getRandomValues, no randomUUID. */
function insecureCrypto(fill: (array: Uint8Array) => void = (array) => crypto.getRandomValues(array)) {
  return {
    getRandomValues<T extends ArrayBufferView>(array: T): T {
      fill(array as unknown as Uint8Array)
      return array
    },
  } satisfies RandomSource
}

describe('randomId', () => {
  it('uses crypto.randomUUID when the context has it (HTTPS, localhost)', () => {
    const source: RandomSource = { ...insecureCrypto(), randomUUID: () => 'from-randomUUID' }
    expect(randomId(source)).toBe('from-randomUUID')
  })

  it('builds a version 4 UUID from getRandomValues without randomUUID (plain http)', () => {
    const ids = Array.from({ length: 200 }, () => randomId(insecureCrypto()))
    for (const id of ids) expect(id).toMatch(UUID_V4)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('sets the version nibble and variant bits and keeps every other bit of the random bytes', () => {
    expect(randomId(insecureCrypto((array) => array.fill(0xff)))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
    expect(randomId(insecureCrypto((array) => array.fill(0)))).toBe('00000000-0000-4000-8000-000000000000')
    const bytes = Uint8Array.from({ length: 16 }, (_, index) => index * 17)
    expect(uuidFromBytes(bytes)).toBe('00112233-4455-4677-8899-aabbccddeeff')
    // The caller's bytes are not changed.
    expect(bytes[6]).toBe(0x66)
  })

  it('uses the global crypto by default', () => {
    expect(randomId()).toMatch(UUID_V4)
  })
})
