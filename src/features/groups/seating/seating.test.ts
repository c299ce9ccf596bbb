import { describe, expect, it } from 'vitest'
import type { ClassroomLayout, GroupMember } from '@contract/api'
import {
  deskLabel,
  initialsOf,
  nextDesk,
  occupantOf,
  placeStudent,
  popUndo,
  pushUndo,
  randomSeating,
  sameSeating,
  seatingView,
  seededRandom,
  unplaceStudent,
} from './seating'

const member = (username: string, name = username.toUpperCase()): GroupMember => ({
  id: `id-${username}`,
  name,
  username,
})
const anna = member('anna', 'Kiss Anna')
const bela = member('bela', 'Nagy Béla')
const cili = member('cili', 'Tóth Cili')
const members = [anna, bela, cili]

/** 3 columns × 2 rows: teacher at 1-0, student desks at 0-1, 1-1, 2-1 and 0-0. */
const layout: ClassroomLayout = {
  size: [3, 2],
  objects: [
    { x: 1, y: 0, type: 'teacher' },
    { x: 0, y: 1, type: 'student' },
    { x: 1, y: 1, type: 'student' },
    { x: 2, y: 1, type: 'student' },
    { x: 0, y: 0, type: 'student' },
  ],
}

describe('seatingView', () => {
  it('puts the seated members on their desks and the rest, in member order, in the unplaced list', () => {
    const view = seatingView(layout, members, [{ student: 'bela', position: '1-1' }])
    expect(view.seats.get('1-1')).toEqual(bela)
    expect(view.seats.size).toBe(1)
    expect(view.unplaced).toEqual([anna, cili])
  })

  it('ignores positions of ex-members, of cells that are not student desks, and duplicates', () => {
    const view = seatingView(layout, members, [
      { student: 'zoli', position: '0-1' }, // not a member any more
      { student: 'anna', position: '1-0' }, // the teacher's desk
      { student: 'bela', position: '5-5' }, // outside the layout
      { student: 'cili', position: '2-1' },
      { student: 'cili', position: '0-0' }, // seated twice: the first wins
      { student: 'anna', position: '2-1' }, // desk taken: the first wins
    ])
    expect([...view.seats.entries()]).toEqual([['2-1', cili]])
    expect(view.unplaced).toEqual([anna, bela])
    expect(view.positions).toEqual([{ student: 'cili', position: '2-1' }])
  })

  it('with no positions, everyone is unplaced', () => {
    expect(seatingView(layout, members, []).unplaced).toEqual(members)
  })
})

describe('moves', () => {
  it('places an unplaced student on a free desk', () => {
    expect(placeStudent([], 'anna', '0-1')).toEqual([{ student: 'anna', position: '0-1' }])
  })

  it('moves a seated student to another desk, freeing the old one', () => {
    const next = placeStudent([{ student: 'anna', position: '0-1' }], 'anna', '2-1')
    expect(next).toEqual([{ student: 'anna', position: '2-1' }])
    expect(occupantOf(next, '0-1')).toBeUndefined()
  })

  it('dropping on an occupied desk sends the occupant back to the unplaced list', () => {
    const before = [
      { student: 'anna', position: '0-1' },
      { student: 'bela', position: '1-1' },
    ]
    const next = placeStudent(before, 'cili', '1-1')
    expect(next).toEqual([
      { student: 'anna', position: '0-1' },
      { student: 'cili', position: '1-1' },
    ])
    expect(seatingView(layout, members, next).unplaced).toEqual([bela])
  })

  it('dropping a student on their own desk changes nothing', () => {
    const before = [{ student: 'anna', position: '0-1' }]
    expect(sameSeating(placeStudent(before, 'anna', '0-1'), before)).toBe(true)
  })

  it('unplaces a seated student', () => {
    const before = [
      { student: 'anna', position: '0-1' },
      { student: 'bela', position: '1-1' },
    ]
    expect(unplaceStudent(before, 'anna')).toEqual([{ student: 'bela', position: '1-1' }])
  })

  it('compares seatings regardless of order', () => {
    const a = [
      { student: 'anna', position: '0-1' },
      { student: 'bela', position: '1-1' },
    ]
    expect(sameSeating(a, [...a].reverse())).toBe(true)
    expect(sameSeating(a, [{ student: 'anna', position: '0-1' }])).toBe(false)
    expect(sameSeating(a, [a[0]!, { student: 'bela', position: '2-1' }])).toBe(false)
  })
})

describe('randomSeating', () => {
  const many = Array.from({ length: 6 }, (_, i) => member(`d${i}`))

  it('is deterministic with a seed', () => {
    expect(randomSeating(layout, many, [], seededRandom(7))).toEqual(
      randomSeating(layout, many, [], seededRandom(7)),
    )
    const orders = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) => JSON.stringify(randomSeating(layout, many, [], seededRandom(seed)))),
    )
    expect(orders.size).toBeGreaterThan(1)
  })

  it('seats unplaced students only on free student desks, never two on one desk, and keeps the seated ones', () => {
    for (let seed = 0; seed < 50; seed++) {
      const next = randomSeating(layout, many, [{ student: 'd0', position: '1-1' }], seededRandom(seed))
      expect(next).toContainEqual({ student: 'd0', position: '1-1' })
      // 4 desks: d0 plus three more; two stay unplaced.
      expect(next).toHaveLength(4)
      const desks = next.map((seat) => seat.position)
      expect(new Set(desks).size).toBe(4)
      expect(new Set(next.map((seat) => seat.student)).size).toBe(4)
      for (const desk of desks) expect(['0-0', '0-1', '1-1', '2-1']).toContain(desk)
    }
  })

  it('fills the front rows first when there are more desks than students', () => {
    const next = randomSeating(layout, [anna], [], seededRandom(3))
    expect(next).toEqual([{ student: 'anna', position: '0-0' }])
  })

  it('changes nothing when everyone is seated or no desk is free', () => {
    const full = [
      { student: 'anna', position: '0-0' },
      { student: 'bela', position: '0-1' },
      { student: 'cili', position: '1-1' },
    ]
    expect(randomSeating(layout, members, full, seededRandom(1))).toEqual(full)
  })

  it('produces numbers in [0, 1)', () => {
    const random = seededRandom(42)
    for (let i = 0; i < 1000; i++) {
      const value = random()
      expect(value).toBeGreaterThanOrEqual(0)
      expect(value).toBeLessThan(1)
    }
  })
})

describe('undo stack', () => {
  it('goes back move by move, newest first, and is empty at the start', () => {
    expect(popUndo([])).toBeNull()
    let stack = pushUndo([], [])
    stack = pushUndo(stack, [{ student: 'anna', position: '0-1' }])
    const first = popUndo(stack)
    expect(first?.seating).toEqual([{ student: 'anna', position: '0-1' }])
    const second = popUndo(first!.stack)
    expect(second?.seating).toEqual([])
    expect(popUndo(second!.stack)).toBeNull()
  })

  it('keeps at most the limit, dropping the oldest', () => {
    let stack = pushUndo([], [{ student: 'a', position: '0-0' }], 2)
    stack = pushUndo(stack, [{ student: 'b', position: '0-0' }], 2)
    stack = pushUndo(stack, [{ student: 'c', position: '0-0' }], 2)
    expect(stack.map((seating) => seating[0]!.student)).toEqual(['b', 'c'])
  })
})

it('makes initials from the first two words', () => {
  expect(initialsOf('Kiss Anna Mária')).toBe('KA')
  expect(initialsOf('  éva ')).toBe('É')
})

describe('keyboard path', () => {
  const desks = ['0-0', '2-0', '0-1', '1-1', '2-1', '1-3']

  it('moves along the row or column to the nearest desk, preferring the same line', () => {
    expect(nextDesk(desks, '0-0', 'right')).toBe('2-0')
    expect(nextDesk(desks, '2-0', 'right')).toBeNull()
    expect(nextDesk(desks, '2-0', 'left')).toBe('0-0')
    expect(nextDesk(desks, '0-0', 'down')).toBe('0-1')
    expect(nextDesk(desks, '1-1', 'down')).toBe('1-3')
    expect(nextDesk(desks, '1-1', 'up')).toBe('0-0')
    expect(nextDesk(desks, '1-3', 'down')).toBeNull()
  })

  it('names a desk by row and column, counting from 1', () => {
    expect(deskLabel('2-0')).toBe('1. sor, 3. oszlop')
  })
})
