import { describe, expect, it } from 'vitest'
import { textLabel } from './outbox-item'

describe('textLabel', () => {
  it('folds white space and trims the text', () => {
    expect(textLabel('Értesítés', '  Holnap\n\telmarad   az óra ')).toBe('Értesítés: Holnap elmarad az óra')
  })

  it('keeps 40 characters and marks the cut', () => {
    const forty = 'a'.repeat(40)
    expect(textLabel('Hibabejelentés', forty)).toBe(`Hibabejelentés: ${forty}`)
    expect(textLabel('Hibabejelentés', `${forty}b`)).toBe(`Hibabejelentés: ${forty}…`)
  })
})
