import { describe, expect, it } from 'vitest'
import { instructorConflicts, layoutBlocks, overlaps } from './layout'
import { aClass } from './test-classes'

describe('overlap layout', () => {
  it('gives a class alone the whole column', () => {
    const a = aClass(1, '08:00', '09:00')
    expect(layoutBlocks([a]).get(a.id)).toEqual({ lane: 0, lanes: 1 })
  })

  it('puts overlapping classes side by side and back-to-back ones under each other', () => {
    const a = aClass(1, '08:00', '09:00')
    const b = aClass(1, '08:30', '09:30')
    const c = aClass(1, '09:30', '10:00') // starts when b ends: a cluster of its own
    const places = layoutBlocks([c, b, a])
    expect(places.get(a.id)).toEqual({ lane: 0, lanes: 2 })
    expect(places.get(b.id)).toEqual({ lane: 1, lanes: 2 })
    expect(places.get(c.id)).toEqual({ lane: 0, lanes: 1 })
  })

  it('reuses a lane freed inside a cluster, and the whole cluster shares its lane count', () => {
    const long = aClass(2, '08:00', '12:00')
    const first = aClass(2, '08:00', '09:00')
    const second = aClass(2, '09:00', '10:00')
    const third = aClass(2, '09:30', '10:30')
    const places = layoutBlocks([long, first, second, third])
    expect(places.get(long.id)).toEqual({ lane: 0, lanes: 3 })
    expect(places.get(first.id)).toEqual({ lane: 1, lanes: 3 })
    expect(places.get(second.id)).toEqual({ lane: 1, lanes: 3 })
    expect(places.get(third.id)).toEqual({ lane: 2, lanes: 3 })
  })

  it('keeps days apart', () => {
    const mon = aClass(1, '08:00', '09:00')
    const tue = aClass(2, '08:00', '09:00')
    expect(overlaps(mon, tue)).toBe(false)
    const places = layoutBlocks([mon, tue])
    expect(places.get(mon.id)!.lanes).toBe(1)
    expect(places.get(tue.id)!.lanes).toBe(1)
  })

  it('treats a class ending before it starts as one slot long', () => {
    const odd = aClass(3, '10:00', '09:00')
    const next = aClass(3, '10:15', '11:00')
    const same = aClass(3, '10:00', '10:15')
    expect(overlaps(odd, next)).toBe(false)
    expect(overlaps(odd, same)).toBe(true)
  })

  it('lays out 200 classes with every class placed inside its lanes', () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      aClass(
        (i % 7) + 1,
        `${String(7 + (i % 10)).padStart(2, '0')}:00`,
        `${String(8 + (i % 10)).padStart(2, '0')}:30`,
      ),
    )
    const places = layoutBlocks(many)
    expect(places.size).toBe(200)
    for (const c of many) {
      const place = places.get(c.id)!
      expect(place.lane).toBeLessThan(place.lanes)
      for (const other of many)
        if (other !== c && overlaps(c, other) && places.get(other.id)!.lane === place.lane)
          throw new Error(`${c.id} and ${other.id} overlap in the same lane`)
    }
  })
})

describe('instructor conflicts', () => {
  it('marks a teacher booked on two overlapping classes of a day, both ways', () => {
    const a = aClass(1, '08:00', '09:00', { instructor: 'Kiss Anna' })
    const b = aClass(1, '08:45', '10:00', { instructor: '  kiss   anna ' })
    const c = aClass(1, '09:00', '10:00', { instructor: 'Nagy Béla' })
    const conflicts = instructorConflicts([a, b, c])
    expect(conflicts.get(a.id)).toEqual([b])
    expect(conflicts.get(b.id)).toEqual([a])
    expect(conflicts.has(c.id)).toBe(false)
  })

  it('does not mark back-to-back classes or the same time on another day', () => {
    const a = aClass(1, '08:00', '09:00', { instructor: 'Kiss Anna' })
    const b = aClass(1, '09:00', '10:00', { instructor: 'Kiss Anna' })
    const c = aClass(2, '08:00', '09:00', { instructor: 'Kiss Anna' })
    expect(instructorConflicts([a, b, c]).size).toBe(0)
  })

  it('lists every clash of a class booked three times', () => {
    const a = aClass(5, '08:00', '12:00', { instructor: 'Kiss Anna' })
    const b = aClass(5, '09:00', '10:00', { instructor: 'Kiss Anna' })
    const c = aClass(5, '11:00', '13:00', { instructor: 'Kiss Anna' })
    const conflicts = instructorConflicts([c, b, a])
    expect(conflicts.get(a.id)!.map((x) => x.id)).toEqual([b.id, c.id])
    expect(conflicts.get(b.id)).toEqual([a])
    expect(conflicts.get(c.id)).toEqual([a])
  })
})
