/**
 * Search over the blocked domains (spec §5: fuzzy, threshold 0.3): the shared search of src/lib/fuzzy-search.ts,
 * so 100,000 domains stay fast per keystroke. Domains are stored lower-case ASCII (punycode), already in search
 * form (an `xn--` one is searched as its Unicode form, accents stripped like the term's); a match after a '.' or '-' ranks as a word prefix ('face' finds m.facebook.com before afacebook.com).
 * Fuzzy-only matches are ordered by their fewest edits, which is Fuse's order for one field without spaces.
 */
import { shownDomain } from '@contract/domain-name'
import { createFuzzySearch, normaliseForSearch, type FuzzySearch } from '@/lib/fuzzy-search'

export type DomainSearch = FuzzySearch<string>

/** An IDN is searched in its Unicode form, as the list shows it (issue 18): 'ábécé' finds `xn--bc-lia7ab.hu`. */
const FIELDS = [
  (domain: string) => (domain.includes('xn--') ? normaliseForSearch(shownDomain(domain)) : domain),
]

export function createDomainSearch(domains: readonly string[]): DomainSearch {
  return createFuzzySearch(domains, { fields: FIELDS, wordBoundaries: '.-', rank: 'edits' })
}
