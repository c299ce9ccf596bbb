import { describe, expect, it } from 'vitest'
import { firstAdminNotice } from './first-admin-notice'

describe('firstAdminNotice', () => {
  it('frames the one-time password with the username and address, every line the same width', () => {
    const text = firstAdminNotice('Ab3dEf6hIj9kLm2n', 'http://localhost:3000')
    const framed = text.split('\n').filter((line) => line.startsWith('|') || line.startsWith('+'))
    expect(framed.length).toBeGreaterThan(4)
    expect(new Set(framed.map((line) => line.length)).size).toBe(1)
    expect(framed[0]).toMatch(/^\+-+\+$/)
    expect(framed.at(-1)).toMatch(/^\+-+\+$/)
    // tests/support reads these two forms.
    expect(/egyszer használatos jelszó: (\S+)/.exec(text)?.[1]).toBe('Ab3dEf6hIj9kLm2n')
    expect(/one-time password: (\S+)/.exec(text)?.[1]).toBe('Ab3dEf6hIj9kLm2n')
    expect(text).toContain('admin')
    expect(text).toContain('http://localhost:3000')
  })
})
