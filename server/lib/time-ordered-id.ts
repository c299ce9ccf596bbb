/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then a 12-bit sequence and random bits, so ids sort as
 * they were made. The audit log orders by time then id (its second-grained `ts` ties within a second): with these
 * ids, entries of one second come back in the order they were written. Within one millisecond (or a clock that went
 * back) this process counts on from its last id (RFC 9562 §6.2, method 1), so its ids are strictly increasing.
 */
import { randomBytes } from 'node:crypto'

let lastMs = -1
let sequence = 0

/** A new UUIDv7 for the time `at` (the entry's own clock, which tests move). */
export function timeOrderedId(at: Date = new Date()): string {
  let ms = at.getTime()
  if (ms <= lastMs) {
    ms = lastMs
    sequence += 1
    if (sequence > 0xfff) {
      ms += 1 // 4,096 ids in one millisecond: borrow the next one
      sequence = 0
    }
  } else {
    sequence = 0
  }
  lastMs = ms
  const bytes = randomBytes(16)
  bytes.writeUIntBE(ms, 0, 6)
  bytes[6] = 0x70 | (sequence >> 8)
  bytes[7] = sequence & 0xff
  bytes[8] = 0x80 | (bytes[8]! & 0x3f)
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
