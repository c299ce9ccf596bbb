import { describe, expect, it } from 'vitest'
import { AUDIT_TYPES, type AuditExtras, type AuditType } from '@contract/audit'
import {
  AUDIT_TYPE_LABELS,
  auditDescriptionParts,
  auditTypeLabel,
  describeAuditEntry,
  formatAuditTime,
  readAuditEntry,
} from './audit-entry'

function entry(type: string, extras: AuditExtras = {}, rest: Record<string, unknown> = {}) {
  return { _id: 'e1', user: 'kovacs.anna', action: { type, timestamp: 1_764_000_000 }, ...extras, ...rest }
}

/** Every type of the catalogue, with the extras the server writes for it and the description expected. */
const CASES: Record<AuditType, { extras: AuditExtras; text: string }> = {
  createClassroom: {
    extras: { classroomId: 'c1', classroomName: '12-es terem' },
    text: 'Létrehozta a tantermet: 12-es terem',
  },
  updateClassroom: {
    extras: { classroomId: 'c1', classroomName: 'Kék terem' },
    text: 'Módosította a tantermet: Kék terem',
  },
  deleteClassroom: {
    extras: { classroomId: 'c1', classroomName: 'Régi labor' },
    text: 'Törölte a tantermet: Régi labor',
  },
  createStudentGroup: {
    extras: { studentGroupDocId: 'g1', groupName: '9.A matek', classroomId: 'c1' },
    text: 'Létrehozta a tanulócsoportot: 9.A matek',
  },
  updateStudentGroup: {
    extras: { studentGroupDocId: 'g1', groupName: '9.A matek' },
    text: 'Módosította a tanulócsoportot: 9.A matek',
  },
  deleteStudentGroup: {
    extras: { studentGroupDocId: 'g1', groupName: 'Szakkör' },
    text: 'Törölte a tanulócsoportot: Szakkör',
  },
  updateSeating: {
    extras: { groupId: 'g1', groupName: '10.B', classroomId: 'c1' },
    text: 'Módosította a csoport ülésrendjét: 10.B',
  },
  deleteSeating: {
    extras: { groupId: 'g1', groupName: '10.B', classroomId: 'c1', classroomName: 'Kék terem' },
    text: 'Törölte a csoport ülésrendjét: 10.B (terem: Kék terem)',
  },
  createShortUrl: {
    extras: { urlDocId: 'u1', short: 'orarend' },
    text: 'Létrehozta a rövid linket: orarend',
  },
  deleteShortUrl: { extras: { urlDocId: 'u1', short: 'orarend' }, text: 'Törölte a rövid linket: orarend' },
  createNote: {
    extras: { noteDocId: 'n1', groupId: 'g1', groupName: '11.C' },
    text: 'Jegyzetet írt a csoporthoz: 11.C',
  },
  createAdminAlert: { extras: {}, text: 'Új értesítést tett közzé' },
  deleteAdminAlert: { extras: {}, text: 'Törölt egy értesítést' },
  dashboardAuthentication: { extras: {}, text: 'Bejelentkezett a portálra' },
  changeUserPassword: {
    extras: { studentUsername: 'diak.bela' },
    text: 'Megváltoztatta a diák jelszavát: diak.bela',
  },
  changeOwnPassword: { extras: {}, text: 'Megváltoztatta a saját jelszavát' },
  changeMfaEmail: {
    extras: { mfaEnabled: 'true' },
    text: 'Beállította a többfaktoros hitelesítés e-mail címét',
  },
  createUser: { extras: { targetUsername: 'kiss.anna' }, text: 'Létrehozta a felhasználót: kiss.anna' },
  updateUser: { extras: { targetUsername: 'kiss.anna' }, text: 'Módosította a felhasználót: kiss.anna' },
  updateUserStatus: {
    extras: { targetUsername: 'kiss.anna', disabled: 'true' },
    text: 'Letiltotta a felhasználót: kiss.anna',
  },
  resetUserPassword: {
    extras: { targetUsername: 'kiss.anna' },
    text: 'Új egyszer használatos jelszót adott: kiss.anna',
  },
  removeUserMfa: {
    extras: { targetUsername: 'kiss.anna' },
    text: 'Kikapcsolta a többfaktoros hitelesítést: kiss.anna',
  },
  updateUserFeatures: {
    extras: { targetUsername: 'kiss.anna' },
    text: 'Módosította a funkciókat: kiss.anna',
  },
  importUsers: { extras: { userCount: '12' }, text: 'Felhasználókat importált (12 új fiók)' },
  deleteFile: {
    extras: { filePath: 'Tananyagok/jegyzet.txt', isFolder: 'false' },
    text: 'Törölte a fájlt: Tananyagok/jegyzet.txt',
  },
  renameFile: {
    extras: { filePath: 'Tananyagok', isFolder: 'true', newFileName: 'Tananyag 2026' },
    text: 'Átnevezte a mappát: Tananyagok → Tananyag 2026',
  },
  updateAttendance: {
    extras: { groupName: 'Matek 9.A', studentGroupDocId: 'g1', date: '2026-11-27' },
    text: 'Rögzítette a csoport jelenlétét: Matek 9.A (2026-11-27)',
  },
}

describe('describeAuditEntry', () => {
  it('has a case for every audit type of the catalogue', () => {
    expect(Object.keys(CASES).sort()).toEqual([...AUDIT_TYPES].sort())
  })

  it.each(AUDIT_TYPES)('describes %s in Hungarian from its extras', (type) => {
    const { extras, text } = CASES[type]
    expect(describeAuditEntry(entry(type, extras))).toBe(text)
  })

  it.each(AUDIT_TYPES)('gives %s a Hungarian badge label', (type) => {
    expect(auditTypeLabel(type)).toBe(AUDIT_TYPE_LABELS[type])
    expect(AUDIT_TYPE_LABELS[type]).toMatch(/\S/)
  })

  it('falls back to the id when a name is missing, and to the bare verb without either', () => {
    expect(describeAuditEntry(entry('createClassroom', { classroomId: 'c-42' }))).toBe(
      'Létrehozta a tantermet: c-42',
    )
    expect(describeAuditEntry(entry('deleteShortUrl', { urlDocId: 'u-9' }))).toBe(
      'Törölte a rövid linket: u-9',
    )
    expect(describeAuditEntry(entry('createNote'))).toBe('Jegyzetet írt a csoporthoz')
    expect(describeAuditEntry(entry('changeUserPassword'))).toBe('Megváltoztatta a diák jelszavát')
    expect(
      describeAuditEntry(entry('updateUserStatus', { targetUsername: 'kiss.anna', disabled: 'false' })),
    ).toBe('Engedélyezte a felhasználót: kiss.anna')
    expect(describeAuditEntry(entry('deleteFile', { filePath: 'Régi', isFolder: 'true' }))).toBe(
      'Törölte a mappát: Régi',
    )
    expect(describeAuditEntry(entry('renameFile'))).toBe('Átnevezte a fájlt')
    expect(describeAuditEntry(entry('changeMfaEmail', { mfaEnabled: 'false' }))).toBe(
      'Kikapcsolta a saját többfaktoros hitelesítését',
    )
  })

  it('says "Ismeretlen művelet" for a type outside the catalogue', () => {
    expect(describeAuditEntry(entry('launchRocket'))).toBe('Ismeretlen művelet')
    expect(auditTypeLabel('launchRocket')).toBe('Ismeretlen művelet')
  })

  it.each([
    ['null', null],
    ['a string', 'naplo'],
    ['an array', []],
    ['no _id', { user: 'a', action: { type: 'createNote', timestamp: 1 } }],
    ['no action', { _id: 'x', user: 'a' }],
    ['an action without a type', { _id: 'x', user: 'a', action: { timestamp: 1 } }],
    ['a numeric type', { _id: 'x', user: 'a', action: { type: 5, timestamp: 1 } }],
  ])('says "Hibás napló bejegyzés" for %s', (_, raw) => {
    expect(describeAuditEntry(raw)).toBe('Hibás napló bejegyzés')
    expect(readAuditEntry(raw)).toBeNull()
  })

  it('marks the entities that filter the log, and ignores extras that are not text', () => {
    const view = readAuditEntry(entry('deleteSeating', { groupName: '10.B' }, { classroomName: 7 }))!
    expect(view.extras).toEqual({ groupName: '10.B' })
    expect(auditDescriptionParts(view)).toEqual([
      'Törölte a csoport ülésrendjét: ',
      { kind: 'group', value: '10.B' },
    ])
    const link = readAuditEntry(entry('createShortUrl', { short: 'abc' }))!
    expect(auditDescriptionParts(link)).toEqual([
      'Létrehozta a rövid linket: ',
      { kind: 'short', value: 'abc' },
    ])
  })
})

describe('formatAuditTime', () => {
  it("formats epoch seconds as 'yyyy. MMMM d. HH:mm:ss' in Hungarian, Budapest time", () => {
    // 2025-03-10 13:05:09 UTC is 14:05:09 in Budapest (CET); 2025-07-01 06:00:00 UTC is 08:00:00 (CEST).
    expect(formatAuditTime(Date.UTC(2025, 2, 10, 13, 5, 9) / 1000)).toBe('2025. március 10. 14:05:09')
    expect(formatAuditTime(Date.UTC(2025, 6, 1, 6, 0, 0) / 1000)).toBe('2025. július 1. 08:00:00')
    expect(formatAuditTime(0)).toBe('1970. január 1. 01:00:00')
  })

  it('says "Ismeretlen időpont" without a timestamp', () => {
    expect(formatAuditTime(undefined)).toBe('Ismeretlen időpont')
    expect(formatAuditTime(null)).toBe('Ismeretlen időpont')
    expect(formatAuditTime('')).toBe('Ismeretlen időpont')
  })

  it('says "Érvénytelen időpont" for a timestamp that is not a date', () => {
    expect(formatAuditTime('tegnap')).toBe('Érvénytelen időpont')
    expect(formatAuditTime(Number.NaN)).toBe('Érvénytelen időpont')
    expect(formatAuditTime(Number.POSITIVE_INFINITY)).toBe('Érvénytelen időpont')
    expect(formatAuditTime(1e16)).toBe('Érvénytelen időpont')
    expect(formatAuditTime({})).toBe('Érvénytelen időpont')
  })

  it('accepts a timestamp sent as digits', () => {
    expect(formatAuditTime(String(Date.UTC(2025, 2, 10, 13, 5, 9) / 1000))).toBe('2025. március 10. 14:05:09')
  })
})
