/**
 * The users XLSX export (issue 18), read back with SheetJS: the last sign-in is a real date cell holding the school's
 * wall-clock time (as the screen shows it, not UTC text), and formula-like names are stored with DESIGN §6's leading '.
 */
import { describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import type { UserSummary } from '@contract/api'
import { usersWorkbook } from '../services/users-admin-import'

const user = (over: Partial<UserSummary>): UserSummary => ({
  id: '1',
  oneTime: false,
  name: 'Kovács Éva',
  username: 'kovacs.eva',
  type: 'teacher',
  mfa: false,
  disabled: false,
  lastSignIn: null,
  ...over,
})

describe('users export', () => {
  it('writes the last sign-in as a date cell in the school time zone and neutralises formula-like text', async () => {
    const file = await usersWorkbook(
      [
        user({ lastSignIn: '2026-11-27T07:38:28.000Z' }),
        user({
          id: '2',
          name: '=HYPERLINK("http://x","y")',
          username: '@bad',
          lastSignIn: '2026-07-01T22:05:00.000Z',
        }),
        user({ id: '3', name: '+36 1 234', username: '-minus' }),
      ],
      'Europe/Budapest',
    )
    const sheet = XLSX.read(file, { type: 'buffer', cellFormula: true }).Sheets['Felhasználók']
    // Winter (UTC+1) and summer (UTC+2, across midnight) as the screen shows them.
    expect(sheet.E2).toMatchObject({ t: 'n', w: '2026. 11. 27. 08:38' })
    expect(XLSX.SSF.parse_date_code(sheet.E2.v as number)).toMatchObject({
      y: 2026,
      m: 11,
      d: 27,
      H: 8,
      M: 38,
    })
    expect(sheet.E3).toMatchObject({ t: 'n', w: '2026. 07. 02. 00:05' })
    expect(sheet.E4).toMatchObject({ t: 's', v: '' })
    expect([sheet.A3.v, sheet.B3.v, sheet.A4.v, sheet.B4.v]).toEqual([
      `'=HYPERLINK("http://x","y")`,
      "'@bad",
      "'+36 1 234",
      "'-minus",
    ])
    expect(Object.values(sheet).some((cell: XLSX.CellObject) => cell?.f)).toBe(false)
    expect(sheet.A2.v).toBe('Kovács Éva')
  })
})
