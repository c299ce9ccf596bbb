import { describe, expect, it } from 'vitest'
import { csvCell, csvRow } from './csv'

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+2', "'=1+2"],
    ['+36', "'+36"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', '"\'\rx"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['a=b', 'a=b'],
    // A spreadsheet set to Hungarian splits on `;` (issue 18).
    ['x;=1+1;y', '"x;\'=1+1;y"'],
    ['a;b', '"a;b"'],
    [';@x', '";\'@x"'],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })
})

describe('csvRow', () => {
  it('joins the cells with commas and ends with CRLF', () => {
    expect(csvRow(['a', 'b,c', '=d'])).toBe('a,"b,c",\'=d\r\n')
  })
})
