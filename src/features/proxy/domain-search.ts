/**
 * Search over the blocked domains (spec §5: fuzzy, threshold 0.3). Substring matches come first (prefix before
 * inner), then fuzzy-only matches by Fuse score. The Fuse index is built once per list, on the first search that
 * needs it or on prepare(). Pure: no React, no I/O.
 */
import Fuse, { type FuseIndex } from 'fuse.js'
import { FUZZY_THRESHOLD } from '../../../contract/limits'

export interface DomainSearch {
  /** The matching domains, best first; an empty term gives the whole list. */
  search(term: string): readonly string[]
  prepare(): void
}

const OPTIONS = { threshold: FUZZY_THRESHOLD, ignoreLocation: true, includeScore: true, shouldSort: false }

export function createDomainSearch(domains: readonly string[]): DomainSearch {
  let index: FuseIndex<string> | null = null
  const prepare = () => (index ??= Fuse.createIndex([], domains as string[]))

  return {
    prepare() {
      prepare()
    },
    search(raw) {
      const term = raw.trim().toLowerCase()
      if (!term) return domains
      const prefix: string[] = []
      const inner: string[] = []
      const matched = new Uint8Array(domains.length)
      domains.forEach((domain, i) => {
        const at = domain.indexOf(term)
        if (at === -1) return
        matched[i] = 1
        if (at === 0) prefix.push(domain)
        else inner.push(domain)
      })
      const result = [...prefix, ...inner]
      // A term of three characters or fewer allows no edit at threshold 0.3: Fuse would add nothing.
      if (term.length < 4) return result
      const fuzzy = new Fuse(domains as string[], OPTIONS, prepare())
        .search(term)
        .filter((r) => !matched[r.refIndex])
        .sort((a, b) => (a.score ?? 0) - (b.score ?? 0) || a.refIndex - b.refIndex)
      for (const r of fuzzy) result.push(r.item)
      return result
    },
  }
}
