import { describe, expect, it } from 'vitest'
import { demoStudents } from './seed-demo'
import { parseCsv, rowsFromCells } from './user-file'

describe('user import file', () => {
  it('parses quoted CSV fields with commas, doubled quotes and CRLF', () => {
    expect(parseCsv('type,name\r\nstudent,"Kiss ""Kati"", Anna"\r\n')).toEqual([
      ['type', 'name'],
      ['student', 'Kiss "Kati", Anna'],
    ])
  })

  it('keeps every value as written: a password of digits or a date-like one is not converted', () => {
    expect(
      parseCsv(
        '\uFEFFtype,name,username,password\nstudent,Kiss Anna,0123,00123456789\nstudent,B C,1/2/2026,1e3\n',
      ),
    ).toEqual([
      ['type', 'name', 'username', 'password'],
      ['student', 'Kiss Anna', '0123', '00123456789'],
      ['student', 'B C', '1/2/2026', '1e3'],
    ])
  })

  it('accepts semicolon-separated files and Hungarian headers', () => {
    const { rows, problems } = rowsFromCells(
      parseCsv('típus;név;felhasználónév;jelszó\nteacher;Tóth Gábor;toth.gabor;Jelszo-123\n'),
    )
    expect(problems).toEqual([])
    expect(rows).toEqual([
      { line: 2, type: 'teacher', name: 'Tóth Gábor', username: 'toth.gabor', password: 'Jelszo-123' },
    ])
  })

  it('reports each bad line by number and keeps the good ones', () => {
    const { rows, problems } = rowsFromCells(
      parseCsv(
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
