import { describe, expect, it } from 'vitest'
import { studentInitials } from './student-initials'

describe('studentInitials', () => {
  it('takes the first letters of the first two words of the name', () => {
    expect(studentInitials('Kovács Anna')).toBe('KA')
  })

  it('ignores words after the second', () => {
    expect(studentInitials('Nagy Bence Péter')).toBe('NB')
  })

  it('uses one letter for a one-word name', () => {
    expect(studentInitials('Zsófia')).toBe('Z')
  })

  it('ignores extra spaces and upper-cases accented letters', () => {
    expect(studentInitials('  ödön   ügyes ')).toBe('ÖÜ')
  })

  it('gives an empty string for an empty name', () => {
    expect(studentInitials('   ')).toBe('')
  })
})
