/** The demo school's classrooms, groups and seating follow the rules the server enforces on the same data. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isSafeName } from '../lib/safe-path'
import { layoutProblem, seatingProblem, studentDesks } from '@contract/classroom-layout'
import {
  DEMO_BLOCKED_DOMAINS,
  DEMO_CLASSROOMS,
  DEMO_FILES,
  DEMO_GROUPS,
  DEMO_LINKS,
  demoGroupPlan,
  demoPdf,
  demoSeating,
  demoStudents,
  seedDemoFiles,
} from './seed-demo'

const base = mkdtempSync(join(tmpdir(), 'portal-seed-files-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

describe('demo teaching data', () => {
  it('has valid classroom layouts with a teacher desk and rows of student desks', () => {
    expect(DEMO_CLASSROOMS.map((c) => c.name)).toEqual(['101', '102', '204', '305'])
    for (const { layout } of DEMO_CLASSROOMS) {
      expect(layoutProblem(layout)).toBeNull()
      expect(layout.objects.filter((o) => o.type === 'teacher')).toHaveLength(1)
      expect(studentDesks(layout).length).toBeGreaterThanOrEqual(20)
    }
  })

  it('gives every teacher one group a weekday (Monday–Friday, as the README says), none at the weekend', () => {
    for (const names of Object.values(DEMO_GROUPS)) expect(names).toHaveLength(5)
    const plans = [1, 2, 3, 4, 5].map((day) => demoGroupPlan(0, day, 68))
    // The cases a screen must show stay: a group without a classroom, one in a room with nobody seated.
    expect(plans.some((plan) => plan.room === null)).toBe(true)
    expect(plans.some((plan) => plan.room !== null && !plan.seated)).toBe(true)
  })

  it('gives every teacher a group of 8–16 students on every weekday, seated validly when in a room', () => {
    const students = demoStudents().map((s) => s.username)
    for (let teacher = 0; teacher < 4; teacher++) {
      for (let day = 1; day <= 5; day++) {
        const plan = demoGroupPlan(teacher, day, students.length)
        expect(plan.members.length).toBeGreaterThanOrEqual(8)
        expect(plan.members.length).toBeLessThanOrEqual(16)
        if (plan.room === null) continue
        const members = plan.members.map((i) => students[i])
        const positions = demoSeating(DEMO_CLASSROOMS[plan.room].layout, members)
        expect(positions.length).toBe(members.length - 1)
        expect(seatingProblem(DEMO_CLASSROOMS[plan.room].layout, positions, new Set(members))).toBeNull()
      }
    }
  })

  it('gives Linkrövidítő and Proxy kezelés something to show: valid links and lower-case domains', () => {
    expect(DEMO_LINKS.length).toBeGreaterThan(0)
    for (const link of DEMO_LINKS) {
      expect(new URL(link.url).href).toBe(link.url)
      expect(link.short).toMatch(/^[a-z0-9-]+$/)
    }
    expect(DEMO_BLOCKED_DOMAINS.length).toBeGreaterThan(0)
    for (const domain of DEMO_BLOCKED_DOMAINS) expect(domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
  })
})

describe('demo files', () => {
  it('writes a folder of sample files into an empty (or missing) files root, and a rerun changes nothing', async () => {
    const root = join(base, 'missing', 'files')
    expect(await seedDemoFiles(root)).toBe(DEMO_FILES.length)
    expect(readdirSync(root)).toEqual(['Tananyagok'])
    expect(readdirSync(join(root, 'Tananyagok')).sort()).toEqual(
      DEMO_FILES.map((file) => file.path.split('/')[1]).sort(),
    )
    for (const file of DEMO_FILES) {
      expect(file.path.split('/').every((segment) => isSafeName(segment, 255))).toBe(true)
      expect(readFileSync(join(root, file.path)).equals(Buffer.from(file.content))).toBe(true)
    }
    writeFileSync(join(root, DEMO_FILES[0].path), 'a tanár átírta')
    expect(await seedDemoFiles(root)).toBe(0)
    expect(readFileSync(join(root, DEMO_FILES[0].path), 'utf8')).toBe('a tanár átírta')
  })

  it("leaves a school's own files alone: nothing is added to a root that has anything in it", async () => {
    const root = join(base, 'own')
    mkdirSync(root)
    writeFileSync(join(root, '.rejtett'), 'x')
    expect(await seedDemoFiles(root)).toBe(0)
    expect(readdirSync(root)).toEqual(['.rejtett'])
    const empty = join(base, 'empty')
    mkdirSync(empty)
    expect(await seedDemoFiles(empty)).toBe(DEMO_FILES.length)
  })

  it('has a small text file, a Hungarian-spreadsheet CSV and a valid one-page PDF', () => {
    const csv = DEMO_FILES.find((file) => file.path.endsWith('.csv'))!.content as string
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const rows = csv.slice(1).trimEnd().split('\r\n')
    expect(rows.every((row) => row.split(';').length === 5)).toBe(true)
    const pdf = DEMO_FILES.find((file) => file.path.endsWith('.pdf'))!.content as Buffer
    const text = pdf.toString('latin1')
    expect(text.startsWith('%PDF-1.4\n')).toBe(true)
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
    // Every object's offset in the cross-reference table points at that object, and startxref at the table.
    const xrefAt = Number(/startxref\n(\d+)\n/.exec(text)![1])
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref')
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
    expect(offsets).toHaveLength(5)
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`))
    expect(text).toContain('(Házirend \\(minta\\)) Tj')
    expect(() => demoPdf(['Ő nem fér bele'])).toThrow(/WinAnsi/)
    for (const file of DEMO_FILES) expect(Buffer.byteLength(file.content)).toBeLessThan(4096)
  })
})
