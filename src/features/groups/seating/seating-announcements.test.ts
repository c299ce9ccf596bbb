import type { Active, Over } from '@dnd-kit/core'
import { expect, it } from 'vitest'
import { seatingAnnouncements } from './seating-announcements'

const active = { id: 'student:anna', data: { current: { name: 'Kiss Anna' } } } as unknown as Active
const over = { id: 'desk:1-1', data: { current: { label: 'Asztal, 2. sor, 2. oszlop' } } } as unknown as Over

it('tells a screen reader each step of a drag in Hungarian', () => {
  expect(seatingAnnouncements.onDragStart({ active })).toBe('Kiss Anna felemelve.')
  expect(seatingAnnouncements.onDragOver({ active, over })).toBe(
    'Kiss Anna fölötte: Asztal, 2. sor, 2. oszlop.',
  )
  expect(seatingAnnouncements.onDragOver({ active, over: null })).toBe('Kiss Anna nincs asztal fölött.')
  expect(seatingAnnouncements.onDragEnd({ active, over })).toBe(
    'Kiss Anna letéve: Asztal, 2. sor, 2. oszlop.',
  )
  expect(seatingAnnouncements.onDragEnd({ active, over: null })).toBe('Kiss Anna a helyén maradt.')
  expect(seatingAnnouncements.onDragCancel({ active, over: null })).toBe(
    'Húzás megszakítva. Kiss Anna a helyén maradt.',
  )
})
