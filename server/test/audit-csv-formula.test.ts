/**
 * The audit CSV in a spreadsheet set to Hungarian (issue 18), which splits cells on `;`: a value `x;=1+1;y` is
 * quoted and its `=` neutralised, so no cell of the export starts a formula.
 */
import { describe, expect, it } from 'vitest'
import { writeAudit } from '../repositories/audit-repository'
import { drivers, useTestApp } from './build'

describe.each(drivers)('the audit CSV on %s', (driver) => {
  const t = useTestApp(driver)

  it('quotes a value with a semicolon and neutralises a formula after it', async () => {
    const { token } = await t.signedIn('admin')
    await writeAudit(t.handle.db, {
      username: 'csv.teszt',
      type: 'createStudentGroup',
      at: new Date(),
      extras: { groupName: 'x;=1+1;y' },
    })
    const res = await t.app.inject({
      url: '/api/auditlog/export.csv?user=csv.teszt',
      headers: { authorization: token },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).toContain(`"x;'=1+1;y"`)
    // Read as a Hungarian spreadsheet does, no cell starts a formula.
    const cells = res.body.split(/\r\n/).flatMap((line) => line.split(/[;,]/))
    expect(cells.filter((cell) => /^"?[=+@]/.test(cell))).toEqual([])
  })
})
