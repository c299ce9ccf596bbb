/** Fuzzy search of accounts on name and username (the shared search of src/lib/fuzzy-search.ts). */
import type { UserSummary } from '@contract/api'
import { createFuzzySearch, normaliseForSearch, type FuzzySearch } from '@/lib/fuzzy-search'

export { normaliseForSearch }

const FIELDS = [
  (u: UserSummary) => normaliseForSearch(u.name),
  (u: UserSummary) => normaliseForSearch(u.username),
]

export function createUserSearch(users: readonly UserSummary[]): FuzzySearch<UserSummary> {
  return createFuzzySearch(users, { fields: FIELDS })
}
