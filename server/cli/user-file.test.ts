import { describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { demoStudents, demoWorkHours } from './seed-demo'
import { cellsOfUpload, rowsFromCells } from '../lib/user-file'

const csvCells = (text: string) => cellsOfUpload('lista.csv', Buffer.from(text, 'utf8'))

describe('user import file', () => {
  it('parses quoted CSV fields with commas, doubled quotes and CRLF', async () => {
    expect(await csvCells('type,name\r\nstudent,"Kiss ""Kati"", Anna"\r\n')).toEqual([
      ['type', 'name'],
      ['student', 'Kiss "Kati", Anna'],
    ])
  })

  it('keeps every value as written: a password of digits or a date-like one is not converted', async () => {
    expect(
      await csvCells(
        '\uFEFFtype,name,username,password\nstudent,Kiss Anna,0123,00123456789\nstudent,B C,1/2/2026,1e3\n',
      ),
    ).toEqual([
      ['type', 'name', 'username', 'password'],
      ['student', 'Kiss Anna', '0123', '00123456789'],
      ['student', 'B C', '1/2/2026', '1e3'],
    ])
  })

  it('accepts semicolon-separated files and Hungarian headers', async () => {
    const { rows, problems } = rowsFromCells(
      await csvCells('típus;név;felhasználónév;jelszó\nteacher;Tóth Gábor;toth.gabor;Jelszo-123\n'),
    )
    expect(problems).toEqual([])
    expect(rows).toEqual([
      { line: 2, type: 'teacher', name: 'Tóth Gábor', username: 'toth.gabor', password: 'Jelszo-123' },
    ])
  })

  it("takes the types in the app's words too (Diák, Oktató, Adminisztrátor), and an .xlsx with Hungarian headers", async () => {
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Név', 'Felhasználónév', 'Típus', 'Jelszó'],
        ['Kiss Anna', 'kiss.anna', 'Diák', 'Jelszo-123'],
        ['Tóth Gábor', 'toth.gabor', 'oktató', 'Jelszo-123'],
        ['Fő Nök', 'fo.nok', 'ADMINISZTRÁTOR', 'Jelszo-123'],
        ['Robot', 'robot', 'Gépész', 'Jelszo-123'],
      ]),
      'Munka1',
    )
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
    const { rows, problems } = rowsFromCells(await cellsOfUpload('lista.xlsx', bytes))
    expect(rows.map((r) => [r.username, r.type])).toEqual([
      ['kiss.anna', 'student'],
      ['toth.gabor', 'teacher'],
      ['fo.nok', 'admin'],
    ])
    expect(problems).toEqual([{ line: 5, message: "Ismeretlen típus: 'Gépész'" }])
  })

  it('reports each bad line by number and keeps the good ones', async () => {
    const { rows, problems } = rowsFromCells(
      await csvCells(
        'type,name,username,password\nstudent,A B,ab,Jelszo-123\nfoo,C D,cd,Jelszo-123\nstudent,,ef,Jelszo-123\n',
      ),
    )
    expect(rows.map((r) => r.username)).toEqual(['ab'])
    expect(problems).toEqual([
      { line: 3, message: "Ismeretlen típus: 'foo'" },
      { line: 4, message: 'Hiányzó mező' },
    ])
  })

  it('refuses a file without the required columns', () => {
    expect(rowsFromCells([['name', 'username']]).problems[0].message).toBe('Hiányzó oszlop: type, password')
  })
})

describe('demo school', () => {
  it('has 68 students with distinct names and usernames', () => {
    const students = demoStudents()
    expect(students).toHaveLength(68)
    expect(new Set(students.map((s) => s.name)).size).toBe(68)
    expect(new Set(students.map((s) => s.username)).size).toBe(68)
  })
})

describe('demo work hours', () => {
  it('fills weekdays of the previous month and of this one before today, from 0.5 to 24 in steps of 0.5', () => {
    const hours = demoWorkHours(0, '2026-11-18')
    const days = Object.keys(hours).sort()
    expect(days[0] >= '2026-10-01').toBe(true)
    expect(days.at(-1)! < '2026-11-18').toBe(true)
    expect(days.some((d) => d.startsWith('2026-11'))).toBe(true)
    for (const day of days) {
      expect([0, 6]).not.toContain(new Date(`${day}T12:00:00Z`).getUTCDay())
      expect(hours[day] > 0 && hours[day] <= 24 && Number.isInteger(hours[day] * 2)).toBe(true)
    }
    // Some weekdays are left empty, and each teacher gets a different month.
    expect(days.length).toBeLessThan(22 + 12)
    expect(demoWorkHours(1, '2026-11-18')).not.toEqual(hours)
  })

  it('starts in December of the previous year in January', () => {
    expect(Object.keys(demoWorkHours(2, '2027-01-05')).sort()[0].startsWith('2026-12')).toBe(true)
  })
})
