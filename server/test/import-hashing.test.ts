/**
 * Big imports must not block sign-ins (issue 18): an import's passwords (services/users-admin-import.ts) are hashed by
 * hashPasswords, two at a time in libuv's thread pool, so a sign-in's check started meanwhile finds a free thread and
 * ends before the import's hashing. Queued all at once (the import's former Promise.all), the check waited behind
 * every one of them: 34.8 s behind a 24-row import at the production cost.
 */
import { describe, expect, it } from 'vitest'
import { hashPassword, hashPasswords, verifyPassword } from '../lib/password'

describe('import hashing', () => {
  it("a sign-in's check ends before a large import's hashing does", async () => {
    const stored = await hashPassword('Jelszo-123', 14)
    const passwords = Array.from({ length: 24 }, (_, i) => `Jelszo-${i}-abc`)
    const order: string[] = []
    const importing = hashPasswords(passwords, 14).then((hashes) => {
      order.push('import hashed')
      return hashes
    })
    expect(await verifyPassword('Jelszo-123', stored)).toBe(true)
    order.push('sign-in checked')
    const hashes = await importing
    expect(order).toEqual(['sign-in checked', 'import hashed'])
    // In the order given, each one the password's.
    expect(await verifyPassword(passwords[23], hashes[23])).toBe(true)
    expect(await verifyPassword(passwords[0], hashes[1])).toBe(false)
  })
})
