/** Test-only helper of the students screen: a student factory. */
import type { Student } from '@contract/api'

let nextId = 1

/** A student; the username derives from the name unless given. */
export function aStudent(name: string, overrides: Partial<Student> = {}): Student {
  const id = String(nextId++)
  const username =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/\s+/)
      .join('.') + id
  return { id, name, username, ...overrides }
}
