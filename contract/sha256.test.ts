import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { apiCacheName } from './api-cache-name'
import { sha256Bytes, sha256Hex } from './sha256'

const nodeSha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('sha256 (plain-http pages have no crypto.subtle)', () => {
  it('gives the FIPS 180-4 test vectors', () => {
    const ascii = (text: string) => new TextEncoder().encode(text)
    expect(hex(sha256Bytes(ascii('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
    expect(hex(sha256Bytes(ascii('')))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
    expect(hex(sha256Bytes(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    )
  })

  it('matches Node for every length around the block and padding edges', () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = new Uint8Array(randomBytes(length))
      expect(hex(sha256Bytes(bytes))).toBe(nodeSha256(bytes))
    }
  })

  it('gives the same hex with Web Crypto and without it', async () => {
    const token = 'Bearer-token-ÁRVÍZTŰRŐ-9f1c'
    const withSubtle = await sha256Hex(token)
    expect(await sha256Hex(token, {})).toBe(withSubtle)
    expect(withSubtle).toBe(createHash('sha256').update(token, 'utf8').digest('hex'))
  })

  it('names the API cache the same on a page without crypto.subtle', async () => {
    const name = await apiCacheName('a1b2c3')
    Object.defineProperty(crypto, 'subtle', { value: undefined, configurable: true })
    try {
      expect(crypto.subtle).toBeUndefined()
      expect(await apiCacheName('a1b2c3')).toBe(name)
    } finally {
      delete (crypto as { subtle?: unknown }).subtle
    }
    expect(crypto.subtle).toBeDefined()
  })
})
