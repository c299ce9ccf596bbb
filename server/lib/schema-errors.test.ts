/**
 * The Hungarian 400 of a failed schema comes from the contract's `errorMessage` of the failing field: every rule the
 * services' regex tables said before, and 'Hibás kérés.' where they said nothing (issue 19).
 */
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import {
  AUDIT_LOG_MESSAGES,
  AuditLogExportQuery,
  AuditLogQuery,
  ClassroomRequest,
  CreateGroupRequest,
  CreateLinkRequest,
  CreateNoteRequest,
  CreateUserRequest,
  GROUP_TIME_MESSAGES,
  SeatingRequest,
  UpdateGroupRequest,
  UpdateUserRequest,
  UserFeaturesRequest,
  USERS_MESSAGES,
  WorkHoursRequest,
} from '@contract/api'
import { LAYOUT_MESSAGES } from '@contract/classroom-layout'
import { MESSAGES } from '@contract/messages'
import { HttpError } from './http-error'
import { withFieldMessages } from './schema-errors'

// As app.ts: strict bodies, coerced query strings.
const base = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false } as const
const bodyAjv = new Ajv({ ...base, coerceTypes: false })
const queryAjv = new Ajv({ ...base, coerceTypes: 'array' })

function answer(schema: object, data: unknown, ajv = bodyAjv): string | true {
  const result = withFieldMessages(schema, ajv.compile(schema))(data)
  if (result === true) return true
  expect(result.error).toBeInstanceOf(HttpError)
  expect(result.error.statusCode).toBe(400)
  return result.error.message
}

const layout = { size: [4, 3], objects: [{ x: 0, y: 0, type: 'student' }] }

describe('a failed schema says the field’s Hungarian message', () => {
  it('passes a valid body', () => {
    expect(answer(CreateNoteRequest, { message: 'x', groupId: 'g' })).toBe(true)
  })

  it('notes: an empty or missing text, else Hibás kérés.', () => {
    expect(answer(CreateNoteRequest, { message: '', groupId: 'g' })).toBe(MESSAGES.noteEmpty)
    expect(answer(CreateNoteRequest, { groupId: 'g' })).toBe(MESSAGES.noteEmpty)
    expect(answer(CreateNoteRequest, { message: 'x'.repeat(20_001), groupId: 'g' })).toBe(MESSAGES.badRequest)
    expect(answer(CreateNoteRequest, { message: 1, groupId: 'g' })).toBe(MESSAGES.badRequest)
    expect(answer(CreateNoteRequest, { message: 'x', groupId: 'g', extra: 1 })).toBe(MESSAGES.badRequest)
    expect(answer(CreateNoteRequest, undefined)).toBe(MESSAGES.badRequest)
  })

  it('groups: name, students, day and classroom', () => {
    const group = {
      groupName: 'A',
      groupDay: 1,
      students: ['s'],
      classroom: '',
      startTime: '08:00',
      endTime: '08:45',
    }
    expect(answer(CreateGroupRequest, { ...group, groupName: '' })).toBe(MESSAGES.groupNameRequired)
    expect(answer(CreateGroupRequest, { ...group, students: [] })).toBe(MESSAGES.groupNameRequired)
    const { students: _students, ...noStudents } = group
    expect(answer(CreateGroupRequest, noStudents)).toBe(MESSAGES.groupNameRequired)
    expect(answer(CreateGroupRequest, { ...group, students: [''] })).toBe(MESSAGES.badRequest)
    expect(answer(CreateGroupRequest, { ...group, groupName: 'x'.repeat(500) })).toBe(MESSAGES.badRequest)
    expect(answer(CreateGroupRequest, { ...group, groupDay: 8 })).toBe(MESSAGES.groupDayInvalid)
    expect(answer(CreateGroupRequest, { ...group, groupDay: '1' })).toBe(MESSAGES.groupDayInvalid)
    expect(answer(CreateGroupRequest, { ...group, classroom: 5 })).toBe(MESSAGES.unknownClassroom)
  })

  it('groups: the time (issue 20) required on create, nullable on edit, in quarter hours', () => {
    const group = {
      groupName: 'A',
      groupDay: 1,
      students: ['s'],
      classroom: '',
      startTime: '08:00',
      endTime: '08:45',
    }
    const { startTime: _start, ...noStart } = group
    expect(answer(CreateGroupRequest, noStart)).toBe(GROUP_TIME_MESSAGES.startRequired)
    expect(answer(CreateGroupRequest, { ...group, endTime: '' })).toBe(GROUP_TIME_MESSAGES.endRequired)
    expect(answer(CreateGroupRequest, { ...group, startTime: null })).toBe(MESSAGES.badRequest)
    expect(answer(CreateGroupRequest, { ...group, startTime: '08:10' })).toBe(GROUP_TIME_MESSAGES.step)
    expect(answer(CreateGroupRequest, { ...group, endTime: '9:00' })).toBe(GROUP_TIME_MESSAGES.step)
    expect(answer(UpdateGroupRequest, { ...group, startTime: null, endTime: null })).toBe(true)
    expect(answer(UpdateGroupRequest, noStart)).toBe(GROUP_TIME_MESSAGES.startRequired)
    expect(answer(UpdateGroupRequest, { ...group, endTime: '08:50' })).toBe(GROUP_TIME_MESSAGES.step)
    expect(answer(UpdateGroupRequest, { ...group, startTime: 8 })).toBe(MESSAGES.badRequest)
  })

  it('classrooms: name, the layout’s size (any part of it) and an object’s x and y', () => {
    expect(answer(ClassroomRequest, { name: '', layout })).toBe(MESSAGES.groupNameRequired)
    expect(answer(ClassroomRequest, { layout })).toBe(MESSAGES.groupNameRequired)
    expect(answer(ClassroomRequest, { name: 'T', layout: { ...layout, size: [0, 3] } })).toBe(
      LAYOUT_MESSAGES.size,
    )
    expect(answer(ClassroomRequest, { name: 'T', layout: { ...layout, size: [4] } })).toBe(
      LAYOUT_MESSAGES.size,
    )
    expect(answer(ClassroomRequest, { name: 'T', layout: { objects: [] } })).toBe(LAYOUT_MESSAGES.size)
    const object = (value: object) => ({ name: 'T', layout: { ...layout, objects: [value] } })
    expect(answer(ClassroomRequest, object({ x: 20, y: 0, type: 'student' }))).toBe(LAYOUT_MESSAGES.outside)
    expect(answer(ClassroomRequest, object({ y: 0, type: 'student' }))).toBe(LAYOUT_MESSAGES.outside)
    expect(answer(ClassroomRequest, object({ x: 0, y: 0, type: 'desk' }))).toBe(MESSAGES.badRequest)
    expect(answer(ClassroomRequest, object({ x: 0, y: 0, type: 'student', z: 1 }))).toBe(MESSAGES.badRequest)
  })

  it('seating: a position that is no cell', () => {
    expect(answer(SeatingRequest, { positions: [{ student: 's', position: 'a-b' }] })).toBe(
      LAYOUT_MESSAGES.seatOutside,
    )
    expect(answer(SeatingRequest, { positions: [{ student: 's' }] })).toBe(LAYOUT_MESSAGES.seatOutside)
    expect(answer(SeatingRequest, { positions: [{ student: '', position: '1-1' }] })).toBe(
      MESSAGES.badRequest,
    )
  })

  it('links: both fields required, then each its own', () => {
    const link = { url: 'https://a.hu', short: 'a' }
    expect(answer(CreateLinkRequest, { ...link, url: '' })).toBe(MESSAGES.linkFieldsRequired)
    expect(answer(CreateLinkRequest, { url: 'https://a.hu' })).toBe(MESSAGES.linkFieldsRequired)
    expect(answer(CreateLinkRequest, { ...link, url: 'x'.repeat(3000) })).toBe(MESSAGES.linkUrlInvalid)
    expect(answer(CreateLinkRequest, { ...link, short: 'x'.repeat(65) })).toBe(MESSAGES.linkCodeInvalid)
    expect(answer(CreateLinkRequest, { ...link, expiresAt: 5 })).toBe(MESSAGES.linkExpiryInvalid)
    expect(answer(CreateLinkRequest, { ...link, expiresAt: 'x'.repeat(41) })).toBe(MESSAGES.linkExpiryInvalid)
    expect(answer(CreateLinkRequest, { ...link, other: 1 })).toBe(MESSAGES.badRequest)
  })

  it('users: name, username and the dates of a feature override', () => {
    expect(answer(CreateUserRequest, { name: '', username: 'u', type: 'student' })).toBe(
      USERS_MESSAGES.nameRequired,
    )
    expect(answer(CreateUserRequest, { name: 'N', type: 'student' })).toBe(USERS_MESSAGES.usernameRequired)
    expect(answer(CreateUserRequest, { name: 'N', username: 'u', type: 'x' })).toBe(MESSAGES.badRequest)
    expect(answer(UpdateUserRequest, { name: '', type: 'student' })).toBe(USERS_MESSAGES.nameRequired)
    const override = { id: 'f', enabled: true, startDate: null, endDate: null }
    expect(answer(UserFeaturesRequest, { overrides: [{ ...override, endDate: '2026-1-1' }] })).toBe(
      USERS_MESSAGES.badDate,
    )
    expect(answer(UserFeaturesRequest, { overrides: [{ ...override, enabled: 'yes' }] })).toBe(
      MESSAGES.badRequest,
    )
  })

  it('work hours: the date’s or the hours’ message, else Hibás kérés.', () => {
    expect(answer(WorkHoursRequest, { date: '2026-01-05', hours: 4.25 })).toBe(MESSAGES.invalidWorkHours)
    expect(answer(WorkHoursRequest, { date: '2026-01-05', hours: '4' })).toBe(MESSAGES.invalidWorkHours)
    expect(answer(WorkHoursRequest, { date: '2026-01-05' })).toBe(MESSAGES.invalidWorkHours)
    expect(answer(WorkHoursRequest, { date: '5.1.2026', hours: 4 })).toBe(MESSAGES.invalidWorkDate)
    expect(answer(WorkHoursRequest, { date: '2026-01-05', hours: 4, x: 1 })).toBe(MESSAGES.badRequest)
  })

  it('audit log query: each filter’s message, any other refusal too long', () => {
    expect(answer(AuditLogQuery, { page: '0' }, queryAjv)).toBe(AUDIT_LOG_MESSAGES.badPage)
    expect(answer(AuditLogQuery, { limit: 'sok' }, queryAjv)).toBe(AUDIT_LOG_MESSAGES.badLimit)
    expect(answer(AuditLogQuery, { from: '2026-01-011' }, queryAjv)).toBe(AUDIT_LOG_MESSAGES.badDate)
    expect(answer(AuditLogQuery, { cursor: 'x'.repeat(101) }, queryAjv)).toBe(AUDIT_LOG_MESSAGES.badCursor)
    expect(answer(AuditLogQuery, { q: 'x'.repeat(201) }, queryAjv)).toBe(AUDIT_LOG_MESSAGES.tooLong)
    expect(answer(AuditLogExportQuery, { user: 'x'.repeat(201) }, queryAjv)).toBe(AUDIT_LOG_MESSAGES.tooLong)
    expect(answer(AuditLogExportQuery, { to: 'x'.repeat(11) }, queryAjv)).toBe(AUDIT_LOG_MESSAGES.badDate)
  })
})
