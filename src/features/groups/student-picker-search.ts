/**
 * The student picker's search (spec §5, §9): fuzzy on name and username, threshold 0.3, at most 5 results, the
 * students already chosen left out. Accents are ignored on both sides ('Kovacs' finds 'Kovács'). Pure.
 */
import Fuse from 'fuse.js'
import type { Student } from '@contract/api'
import { FUZZY_THRESHOLD } from '@contract/limits'

/** Spec §9: the picker shows at most 5. */
export const PICKER_LIMIT = 5

export interface PickerSearch {
  /** At most 5 students matching `term`, best first, none of `chosen` (usernames); nothing for an empty term. */
  search(term: string, chosen: ReadonlySet<string>): Student[]
}

export function createPickerSearch(students: readonly Student[]): PickerSearch {
  // Built on the first search, not when the dialog opens.
  let fuse: Fuse<Student> | null = null
  return {
    search(term, chosen) {
      const trimmed = term.trim()
      if (!trimmed) return []
      fuse ??= new Fuse(students, {
        keys: ['name', 'username'],
        threshold: FUZZY_THRESHOLD,
        // Names are short; a surname match should not lose to a first-name match because of where it sits.
        ignoreLocation: true,
        ignoreDiacritics: true,
      })
      // Asking for the chosen ones too keeps five results after leaving them out.
      return fuse
        .search(trimmed, { limit: PICKER_LIMIT + chosen.size })
        .map((result) => result.item)
        .filter((student) => !chosen.has(student.username))
        .slice(0, PICKER_LIMIT)
    },
  }
}
