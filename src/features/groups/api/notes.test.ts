import { describe, expect, it } from 'vitest'
import type { OutboxItem } from '@/lib/outbox'
import { aNote } from '../test-helpers'
import { notesWithPending } from './notes'

function anItem(id: string, message: string, createdAt: number): OutboxItem {
  return {
    id,
    method: 'POST',
    url: '/notes',
    body: { message, groupId: 'g1' },
    label: 'Jegyzet',
    createdAt,
    attempts: 0,
    lastError: null,
    queryKey: ['notes', 'g1'],
    owner: 'o',
    status: 'waiting',
  }
}

describe('notesWithPending', () => {
  it('shows the waiting notes first, newest first, each once under its outbox id, then the server notes', () => {
    const server = [aNote('régi', 'g1', { id: 'n1' })]
    const pending = [anItem('a', 'első', 1000), anItem('b', 'második', 2000)]
    const shown = notesWithPending({ notes: server, date: null }, pending, 'Teszt Elek')
    expect(shown.map((n) => [n.id, n.message, n.pending])).toEqual([
      ['b', 'második', true],
      ['a', 'első', true],
      ['n1', 'régi', false],
    ])
    expect(shown[0].createdBy).toBe('Teszt Elek')
    expect(notesWithPending(undefined, pending, '')).toHaveLength(2)
  })

  it('shows the same waiting write once even if its id is already in the list', () => {
    const shown = notesWithPending(
      { notes: [aNote('x', 'g1', { id: 'a' })], date: null },
      [anItem('a', 'x', 1)],
      '',
    )
    expect(shown).toHaveLength(1)
    expect(shown[0].pending).toBe(true)
  })
})
