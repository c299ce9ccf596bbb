/**
 * Student search (spec §5: fuzzy on name and username, threshold 0.3), accent-insensitive, with exact and prefix
 * substring matches ranked before fuzzy ones. Pure: no React, no I/O. Build one index per list, search per keystroke.
 */
import Fuse, { type FuseIndex, type FuseResult, type IFuseOptions } from 'fuse.js'
import type { Student } from '../../../contract/api'
import { FUZZY_THRESHOLD } from '../../../contract/limits'

/** Lower-case, diacritics stripped (NFD), whitespace collapsed: 'Kovács  Ödön ' → 'kovacs odon'. */
export function normaliseForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

interface Entry {
  /** Position in the source list: the tie-breaker, so equal matches keep the server's order. */
  i: number
  n: string
  u: string
}

/** Ranks of substring matches; fuzzy-only matches come after all of them. */
const Tier = { Exact: 0, Prefix: 1, WordPrefix: 2, Substring: 3, None: 4 } as const
type Tier = (typeof Tier)[keyof typeof Tier]

function tierOf(text: string, term: string): Tier {
  if (text === term) return Tier.Exact
  const at = text.indexOf(term)
  if (at === -1) return Tier.None
  if (at === 0) return Tier.Prefix
  if (text.charCodeAt(at - 1) === 32) return Tier.WordPrefix
  return Tier.Substring
}

/**
 * Bitap scores a pattern of length L with e errors as e/L once location is ignored, and Fuse keeps a field when
 * that score is within the threshold: a fuzzy match is an approximate substring with at most floor(0.3·L) edits.
 * That keeps a keystroke cheap on thousands of students without changing the result:
 * - a term of three characters or fewer allows no edit, so Fuse would return exactly the substring matches;
 * - with k edits allowed, cut the term into k+1 pieces and at least one piece survives intact (pigeonhole), so
 *   only entries holding a piece verbatim can match; a bit-parallel edit-distance pass then keeps the entries
 *   that really match, and Fuse runs over those alone, to score them.
 */
function allowedEdits(length: number): number {
  // The same floating-point comparison as Fuse's (errors / length <= threshold), so the count agrees exactly.
  let edits = 0
  while ((edits + 1) / length <= FUZZY_THRESHOLD) edits++
  return edits
}

/** Fuse splits patterns longer than this into chunks with their own scoring; the piece filter is skipped then. */
const BITAP_MAX_PATTERN = 32

function piecesOf(term: string, edits: number): string[] {
  const count = edits + 1
  const pieces: string[] = []
  for (let p = 0; p < count; p++) {
    pieces.push(
      term.slice(Math.floor((p * term.length) / count), Math.floor(((p + 1) * term.length) / count)),
    )
  }
  return pieces
}

// Pattern bit masks per UTF-16 code unit, set for one term and reset after it; module-level, so allocation-free.
const peq = new Int32Array(65536)

/**
 * Whether `text` holds an approximate occurrence of the term (at most `edits` insertions, deletions or
 * substitutions): Myers' bit-parallel edit distance in its search form, one pass over the text. This is the
 * relation Fuse's bitap decides, so it serves as an exact, much cheaper pre-check; Fuse then scores the survivors.
 * Expects peq to hold the term's masks and the term to be at most 32 characters long.
 */
function withinEdits(text: string, termLength: number, edits: number): boolean {
  const last = 1 << (termLength - 1)
  let pv = -1
  let mv = 0
  let score = termLength
  for (let t = 0; t < text.length; t++) {
    const eq = peq[text.charCodeAt(t)]
    const xv = eq | mv
    const xh = (((eq & pv) + pv) ^ pv) | eq
    let ph = mv | ~(xh | pv)
    let mh = pv & xh
    if (ph & last) score++
    else if (mh & last) score--
    if (score <= edits) return true
    // Search form: the top row of the matrix is all zeros, so no carry-in of 1 on ph.
    ph <<= 1
    mh <<= 1
    pv = mh | ~(xv | ph)
    mv = ph & xv
  }
  return false
}

export interface StudentSearch {
  /** The students matching `term`, best first; an empty or whitespace-only term gives the whole list. */
  search(term: string): readonly Student[]
  /**
   * Builds what a search needs (normalised entries, the fuzzy index) now instead of on the first search: for an
   * idle moment after the list is shown, so neither the first paint nor the first keystroke pays for it.
   */
  prepare(): void
}

const KEYS = ['n', 'u']

type IndexJson = ReturnType<FuseIndex<Entry>['toJSON']>
// toJSON() drops each key's getFn, which parseIndex does not need back: the default getter serves every key.
type ParsedKeys = Parameters<typeof Fuse.parseIndex>[0]['keys']

const FUSE_OPTIONS = {
  keys: KEYS,
  threshold: FUZZY_THRESHOLD,
  // Names are short; a surname match should not lose to a first-name match because of where it sits.
  ignoreLocation: true,
  includeScore: true,
  shouldSort: false,
} satisfies IFuseOptions<Entry>

/**
 * The search of one student list. Cheap to create: the normalised entries and the Fuse index (the expensive
 * part, built once per list) are made on the first non-empty search or on prepare(), never when the list loads,
 * so showing the list waits for none of it.
 */
export function createStudentSearch(students: readonly Student[]): StudentSearch {
  let entryList: Entry[] | null = null
  let fuzzyIndex: { index: FuseIndex<Entry>; serialised: IndexJson } | null = null

  /** Substring matching needs only the normalised entries; the fuzzy tier also needs the index. */
  function prepareEntries(): Entry[] {
    entryList ??= students.map((s, i) => ({
      i,
      n: normaliseForSearch(s.name),
      u: normaliseForSearch(s.username),
    }))
    return entryList
  }

  function prepareIndex() {
    if (!fuzzyIndex) {
      const index = Fuse.createIndex(KEYS, prepareEntries())
      fuzzyIndex = { index, serialised: index.toJSON() }
    }
    return fuzzyIndex
  }

  function fuzzySearch(term: string, candidates: number[] | null): FuseResult<Entry>[] {
    const entries = prepareEntries()
    const { index, serialised } = prepareIndex()
    let subset = index
    if (candidates) {
      const wanted = new Uint8Array(entries.length)
      for (const c of candidates) wanted[c] = 1
      // Same records, same keys, fewer rows: scores and refIndex stay those of the full index.
      const { keys, records } = serialised
      subset = Fuse.parseIndex<Entry>({
        keys: keys as ParsedKeys,
        records: records.filter((r) => wanted[r.i]),
      })
    }
    return new Fuse(entries, FUSE_OPTIONS, subset).search(term)
  }

  return {
    prepare() {
      prepareIndex()
    },
    search(rawTerm) {
      const term = normaliseForSearch(rawTerm)
      if (!term) return students
      const entries = prepareEntries()

      const tiers: Student[][] = [[], [], [], []]
      const matched = new Uint8Array(entries.length)
      for (const entry of entries) {
        const tier = Math.min(tierOf(entry.n, term), tierOf(entry.u, term))
        if (tier !== Tier.None) {
          tiers[tier].push(students[entry.i])
          matched[entry.i] = 1
        }
      }
      const result = tiers.flat()
      const edits = allowedEdits(term.length)
      if (edits === 0) return result

      let candidates: number[] | null = null
      if (term.length <= BITAP_MAX_PATTERN) {
        const pieces = piecesOf(term, edits)
        const mayMatch = (text: string) =>
          pieces.some((piece) => text.includes(piece)) && withinEdits(text, term.length, edits)
        for (let t = 0; t < term.length; t++) peq[term.charCodeAt(t)] |= 1 << t
        candidates = []
        for (const entry of entries) {
          if (!matched[entry.i] && (mayMatch(entry.n) || mayMatch(entry.u))) candidates.push(entry.i)
        }
        for (let t = 0; t < term.length; t++) peq[term.charCodeAt(t)] = 0
        if (candidates.length === 0) return result
      }

      const fuzzy = fuzzySearch(term, candidates)
        .filter((r) => !matched[r.refIndex])
        .sort((a, b) => (a.score ?? 0) - (b.score ?? 0) || a.refIndex - b.refIndex)
      for (const r of fuzzy) result.push(students[r.refIndex])
      return result
    },
  }
}
