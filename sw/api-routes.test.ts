import { describe, expect, it } from 'vitest'
import { apiPathOf, isRefreshedBy, matchApiRoute } from './api-routes'

const BASE = 'https://iskola.pelda.hu/api'

describe('apiPathOf', () => {
  it('gives the path under the backend base without the query string', () => {
    expect(apiPathOf(`${BASE}/students/?x=1`, BASE)).toBe('/students/')
    expect(apiPathOf(`${BASE}/dashboard`, `${BASE}/`)).toBe('/dashboard')
  })

  it('rejects other origins and sibling prefixes', () => {
    expect(apiPathOf('https://masik.pelda.hu/api/students/', BASE)).toBeNull()
    expect(apiPathOf('https://iskola.pelda.hu/apix/students', BASE)).toBeNull()
    expect(apiPathOf('https://iskola.pelda.hu/index.html', BASE)).toBeNull()
  })

  it('accepts a cross-origin backend at the origin root', () => {
    expect(apiPathOf('https://api.pelda.hu/alerts', 'https://api.pelda.hu')).toBe('/alerts')
  })
})

describe('matchApiRoute', () => {
  it.each([
    ['/dashboard', 'dashboard'],
    ['/dashboard/userSettings', 'userSettings'],
    ['/students/', 'students'],
    ['/alerts', 'alerts'],
    ['/groups/instructor', 'groupsInstructor'],
    ['/groups', 'groups'],
    ['/classrooms', 'classrooms'],
    ['/classrooms/c1', 'classroom'],
    ['/classrooms/c1/groups/g1/seating', 'seating'],
    ['/notes/g1', 'notes'],
    ['/work/hours', 'workHours'],
    ['/links', 'links'],
    ['/proxy/block', 'proxyBlock'],
    ['/auditlog', 'auditLog'],
    ['/auditlog/users', 'auditLogUsers'],
  ])('caches GET %s as %s', (path, id) => {
    expect(matchApiRoute(path)?.id).toBe(id)
  })

  it.each([
    '/auth/login',
    '/auth/mfa',
    '/auth/logout',
    '/auditlog/export.csv',
    '/files/file',
    '/proxy/block.txt',
  ])('does not cache %s', (path) => {
    expect(matchApiRoute(path)).toBeNull()
  })
})

describe('isRefreshedBy', () => {
  it('refreshes user settings after saving them', () => {
    expect(isRefreshedBy('/dashboard/userSettings', '/dashboard/userSettings')).toBe(true)
    expect(isRefreshedBy('/dashboard/userSettings', '/students/')).toBe(false)
  })

  it('refreshes both group lists after creating or deleting a group', () => {
    expect(isRefreshedBy('/groups/create', '/groups/instructor')).toBe(true)
    expect(isRefreshedBy('/groups/g7', '/groups')).toBe(true)
  })

  it('refreshes only the seating of the saved group', () => {
    expect(isRefreshedBy('/classrooms/c1/groups/g1/seating', '/classrooms/c1/groups/g1/seating')).toBe(true)
    expect(isRefreshedBy('/classrooms/c1/groups/g1/seating', '/classrooms/c1/groups/g2/seating')).toBe(false)
    expect(isRefreshedBy('/classrooms/c1/groups/g1/seating', '/classrooms')).toBe(false)
  })

  it('refreshes the seating of an edited or deleted group (PUT/DELETE /groups/:id), in any classroom, and no other', () => {
    // The edit unseats removed members and a changed classroom drops desks (issue 20): the cached seating is stale.
    expect(isRefreshedBy('/groups/g1', '/classrooms/c1/groups/g1/seating')).toBe(true)
    expect(isRefreshedBy('/groups/g1', '/classrooms/c2/groups/g1/seating')).toBe(true)
    expect(isRefreshedBy('/groups/g1', '/classrooms/c1/groups/g2/seating')).toBe(false)
    expect(isRefreshedBy('/groups/g1/attendance/2026-11-02', '/classrooms/c1/groups/g1/seating')).toBe(false)
  })

  it("refreshes a group's cached registers after its register is saved or the group edited, not another group's", () => {
    expect(isRefreshedBy('/groups/g1/attendance/2026-11-02', '/groups/g1/attendance')).toBe(true)
    expect(isRefreshedBy('/groups/g1', '/groups/g1/attendance')).toBe(true)
    expect(isRefreshedBy('/groups/g1/attendance/2026-11-02', '/groups/g2/attendance')).toBe(false)
    expect(isRefreshedBy('/groups/g1', '/groups/g2/attendance')).toBe(false)
    // The month's sheet (the print view's data) as well.
    expect(isRefreshedBy('/groups/g1/attendance/2026-11-02', '/groups/g1/attendance/month')).toBe(true)
    expect(isRefreshedBy('/groups/g1', '/groups/g1/attendance/month')).toBe(true)
    expect(isRefreshedBy('/groups/g1/attendance/2026-11-02', '/groups/g2/attendance/month')).toBe(false)
  })

  it('refreshes notes of any group after POST /notes (the group id is in the body)', () => {
    expect(isRefreshedBy('/notes', '/notes/g1')).toBe(true)
  })

  it('refreshes classrooms after a layout update', () => {
    expect(isRefreshedBy('/classrooms/c1', '/classrooms')).toBe(true)
    expect(isRefreshedBy('/classrooms/c1', '/classrooms/c1')).toBe(true)
  })

  it('never refreshes into auth answers', () => {
    expect(isRefreshedBy('/auth/login', '/auth/login')).toBe(false)
  })
})
