/** The demo school's classrooms, groups and seating follow the rules the server enforces on the same data. */
import { describe, expect, it } from 'vitest'
import { layoutProblem, seatingProblem, studentDesks } from '../../contract/classroom-layout'
import {
  DEMO_BLOCKED_DOMAINS,
  DEMO_CLASSROOMS,
  DEMO_GROUPS,
  DEMO_LINKS,
  demoGroupPlan,
  demoSeating,
  demoStudents,
} from './seed-demo'

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
