/**
 * Student search (spec §5: fuzzy on name and username, threshold 0.3), accent-insensitive, with exact and prefix
 * substring matches ranked before fuzzy ones: the shared search of src/lib/fuzzy-search.ts over the two fields.
 */
import type { Student } from '@contract/api'
import { createFuzzySearch, normaliseForSearch, type FuzzySearch } from '@/lib/fuzzy-search'

export { normaliseForSearch }

export type StudentSearch = FuzzySearch<Student>

const FIELDS = [(s: Student) => normaliseForSearch(s.name), (s: Student) => normaliseForSearch(s.username)]

export function createStudentSearch(students: readonly Student[]): StudentSearch {
  return createFuzzySearch(students, { fields: FIELDS })
}
