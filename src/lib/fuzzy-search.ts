/**
 * The one fuzzy search of the app's lists (spec §5, §9: threshold 0.3): Diákok (name and username) and Proxy
 * kezelés (domain). Substring matches come first, by tier (exact, prefix, word prefix, other substring), then the
 * fuzzy-only matches by Fuse's score; ties keep the list's order. The result set is exactly Fuse's at threshold
 * 0.3 with location ignored (src/features/students/student-search.test.ts compares them on random terms), but
 * a keystroke stays cheap on 100,000 entries: Fuse scores only the entries an exact pre-filter lets through.
 * Pure: no React, no I/O.
 */
import Fuse, { type FuseResult, type IFuseOptions } from 'fuse.js'
import { FUZZY_THRESHOLD } from '@contract/limits'

/** Lower-case, diacritics stripped (NFD), whitespace collapsed: 'Kovács  Ödön ' → 'kovacs odon'. */
export function normaliseForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

export interface FuzzySearch<T> {
  /** The items matching `term`, best first; an empty or whitespace-only term gives the whole list (same array). */
  search(term: string): readonly T[]
  /**
   * Builds what a search needs (the texts in search form) now instead of on the first search: for an idle moment
   * after the list is shown, so neither the first paint nor the first keystroke pays for it.
   */
  prepare(): void
  /**
   * Searches `term` now and keeps the answer, so that `search(term)` right after returns it at once: for the pause
   * a search box waits before filtering (the list is drawn when the pause ends, the search is done by then).
   */
  prefetch(term: string): void
}

export interface FuzzySearchOptions<T> {
  /** The item's searchable texts, each already in the form of `normaliseForSearch` (or lower-case ASCII). */
  fields: readonly ((item: T) => string)[]
  /** Characters after which a match counts as a word prefix (default: a space). */
  wordBoundaries?: string
  /**
   * How fuzzy-only matches are ordered. 'fuse' (default): by Fuse's score, which weighs several fields and the
   * number of words in each. 'edits': by the fewest edits, then list order — the same order as Fuse's for ONE
   * field without spaces (its score is then edits / term length), without running Fuse: for 100,000 domains,
   * where a common typo can match thousands.
   */
  rank?: 'fuse' | 'edits'
}

/** One item in search form: its position in the list (the tie-breaker) and its texts under keys '0', '1', … */
type Entry = { i: number } & Record<string, string | number>

/** Ranks of substring matches; fuzzy-only matches come after all of them. */
const EXACT = 0
const PREFIX = 1
const WORD_PREFIX = 2
const SUBSTRING = 3
const NONE = 4
/** In the narrowing state only: a fuzzy-only match. */
const FUZZY = 5

/**
 * Bitap scores a pattern of length L with e errors as e/L once location is ignored, and Fuse keeps a field when
 * that score is within the threshold: a fuzzy match is an approximate substring with at most floor(0.3·L) edits.
 * - a term of three characters or fewer allows no edit, so Fuse would return exactly the substring matches;
 * - with k edits allowed, cut the term into k+1 pieces and at least one piece survives intact (pigeonhole), so
 *   only entries holding a piece verbatim can match; a bit-parallel edit-distance pass then keeps the entries
 *   that really match, and Fuse runs over those alone, to score them (a score depends on its record only).
 */
function allowedEdits(length: number): number {
  // The same floating-point comparison as Fuse's (errors / length <= threshold), so the count agrees exactly.
  let edits = 0
  while ((edits + 1) / length <= FUZZY_THRESHOLD) edits++
  return edits
}

/** Fuse splits patterns longer than this into chunks with their own scoring; the pre-filter is skipped then. */
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
 * The fewest edits (insertions, deletions, substitutions) with which the term occurs in `text` between `from` and
 * `to` (an item's stretch of a column's joined texts: one flat string, read in order), stopping early
 * once `stopAt` is reached: Myers' bit-parallel edit distance in its search form, one pass over the text. Whether
 * the answer is within the allowed edits is the relation Fuse's bitap decides, so it serves as an exact, much
 * cheaper pre-check. Expects peq to hold the term's masks and the term to be at most 32 characters long.
 */
function fewestEdits(text: string, from: number, to: number, termLength: number, stopAt: number): number {
  const last = 1 << (termLength - 1)
  let pv = -1
  let mv = 0
  let score = termLength
  let best = termLength
  for (let t = from; t < to; t++) {
    const eq = peq[text.charCodeAt(t)]
    const xv = eq | mv
    const xh = (((eq & pv) + pv) ^ pv) | eq
    let ph = mv | ~(xh | pv)
    let mh = pv & xh
    if (ph & last) score++
    else if (mh & last) score--
    if (score < best) {
      best = score
      if (best <= stopAt) return best
    }
    // Search form: the top row of the matrix is all zeros, so no carry-in of 1 on ph.
    ph <<= 1
    mh <<= 1
    pv = mh | ~(xv | ph)
    mv = ph & xv
  }
  return best
}

/** One field of every item in search form, joined by '\n' (never in a term) so the engine's indexOf scans all. */
interface Column {
  texts: string[]
  joined: string
  /** starts[i]: where item i's text begins in `joined`; starts[count] is past the end. */
  starts: Int32Array
}

function columnOf(texts: string[]): Column {
  const starts = new Int32Array(texts.length + 1)
  let at = 0
  texts.forEach((text, i) => {
    starts[i] = at
    at += text.length + 1
  })
  starts[texts.length] = at
  return { texts, joined: texts.join('\n'), starts }
}

/**
 * Calls `hit(i, pos)` for the first occurrence of `needle` in each item's text of the column, in item order; `pos`
 * is its position in `joined` (the item's text starts at starts[i]).
 */
function scan(column: Column, needle: string, hit: (i: number, pos: number) => void): void {
  const { joined, starts } = column
  const count = starts.length - 1
  let i = 0
  let pos = joined.indexOf(needle)
  while (pos !== -1) {
    while (starts[i + 1] <= pos) i++
    hit(i, pos)
    if (++i >= count) return
    pos = joined.indexOf(needle, starts[i])
  }
}

/**
 * The search of one list. Cheap to create: the texts in search form are made on the first non-empty search or on
 * prepare(), never when the list loads. No Fuse index of the whole list is ever built: a keystroke is a few
 * native indexOf scans over the joined texts, the edit-distance pass over the entries holding a piece, and Fuse
 * (when it ranks) over the few survivors.
 */
export function createFuzzySearch<T>(items: readonly T[], options: FuzzySearchOptions<T>): FuzzySearch<T> {
  const { fields } = options
  const boundaries = options.wordBoundaries ?? ' '
  const rankByEdits = options.rank === 'edits' && fields.length === 1
  const keys = fields.map((_, k) => String(k))
  const fuseOptions = {
    keys,
    threshold: FUZZY_THRESHOLD,
    // Location must not matter: a surname, or a domain's second label, is as good a match as the first word.
    ignoreLocation: true,
    includeScore: true,
    shouldSort: false,
  } satisfies IFuseOptions<Entry>
  const count = items.length
  let columns: Column[] | null = null
  /** The previous search: its term, allowed edits and each item's tier (NONE: no match), for narrowing. */
  let last: { term: string; edits: number; tier: Uint8Array; size: number } | null = null
  const boundary = new Uint8Array(65536)
  for (const ch of boundaries) boundary[ch.charCodeAt(0)] = 1

  function prepare(): Column[] {
    columns ??= fields.map((field) => columnOf(items.map((item) => field(item))))
    return columns
  }

  function fuzzy(term: string, candidates: number[]): FuseResult<Entry>[] {
    const all = prepare()
    const entries = candidates.map((i) => {
      const entry: Entry = { i }
      for (let k = 0; k < all.length; k++) entry[keys[k]] = all[k].texts[i]
      return entry
    })
    return new Fuse(entries, fuseOptions).search(term)
  }

  /** The last answer and its term: asked again (the prefetched term), it is returned as it is. */
  let answered: { term: string; result: readonly T[] } | null = null

  function searchOnce(rawTerm: string): readonly T[] {
    const term = normaliseForSearch(rawTerm)
    if (!term) return items
    if (answered?.term === term) return answered.result
    const result = run(term)
    // The same matches as the previous answer (a key that narrowed nothing): the same array, so a list shown
    // from it has nothing to redraw.
    const previous = answered?.result
    answered = { term, result: previous && sameItems(previous, result) ? previous : result }
    return answered.result
  }

  return {
    prepare() {
      prepare()
    },
    search: searchOnce,
    prefetch(term) {
      searchOnce(term)
    },
  }

  function run(term: string): readonly T[] {
    const all = prepare()
    const edits = allowedEdits(term.length)
    const exactFilter = term.length <= BITAP_MAX_PATTERN
    // Typing on: every match of the longer term is a match of the shorter one it contains, as long as the
    // allowed edits are the same (an occurrence of a term holds one of each part, with no more edits), so only
    // the previous matches need an edit-distance pass.
    const previous =
      last && exactFilter && last.edits === edits && term.includes(last.term) ? last.tier : null
    const previousSize = last?.size ?? 0

    // Each item's best substring tier. A scan of the joined texts costs a native indexOf a hit, and the tier is
    // read off the joined string too (no visit to the item's own string: 100,000 of them are all over the heap).
    const tier = new Uint8Array(count).fill(NONE)
    for (const column of all) {
      const { joined, starts } = column
      scan(column, term, (i, pos) => {
        const t =
          pos === starts[i]
            ? starts[i + 1] - 1 - pos === term.length
              ? EXACT
              : PREFIX
            : boundary[joined.charCodeAt(pos - 1)]
              ? WORD_PREFIX
              : SUBSTRING
        if (t < tier[i]) tier[i] = t
      })
    }

    // Fuzzy-only matches, in list order (and with rankByEdits, each one's fewest edits).
    const candidates: number[] = []
    const candidateEdits: number[] = []
    if (edits > 0 && exactFilter) {
      // Bit k set: field k holds one of the pieces verbatim (and the item is no substring match).
      const holds = new Uint8Array(count)
      if (previous && previousSize * 4 < count) {
        // Few previous matches: the edit-distance pass over those alone, no piece scans.
        for (let i = 0; i < count; i++) if (tier[i] === NONE && previous[i] !== NONE) holds[i] = 0xff
      } else
        all.forEach((column, k) => {
          for (const piece of piecesOf(term, edits)) {
            scan(column, piece, (i) => {
              if (tier[i] === NONE && (!previous || previous[i] !== NONE)) holds[i] |= 1 << k
            })
          }
        })
      for (let t = 0; t < term.length; t++) peq[term.charCodeAt(t)] |= 1 << t
      try {
        for (let i = 0; i < count; i++) {
          if (!holds[i]) continue
          if (rankByEdits) {
            // One field: the exact fewest edits at once (no early stop), which is also the rank.
            const { joined, starts } = all[0]
            const e = fewestEdits(joined, starts[i], starts[i + 1] - 1, term.length, 0)
            if (e <= edits) {
              candidates.push(i)
              candidateEdits.push(e)
            }
            continue
          }
          for (let k = 0; k < all.length; k++) {
            const { joined, starts } = all[k]
            if (
              holds[i] & (1 << k) &&
              fewestEdits(joined, starts[i], starts[i + 1] - 1, term.length, edits) <= edits
            ) {
              candidates.push(i)
              break
            }
          }
        }
      } finally {
        for (let t = 0; t < term.length; t++) peq[term.charCodeAt(t)] = 0
      }
    } else if (edits > 0) {
      for (let i = 0; i < count; i++) if (tier[i] === NONE) candidates.push(i)
    }

    // The substring matches by tier, ties in list order: a counting sort into one array.
    const sizes = [0, 0, 0, 0, 0]
    for (let i = 0; i < count; i++) sizes[tier[i]]++
    const substrings = count - sizes[NONE]
    const offsets = [0, sizes[EXACT], sizes[EXACT] + sizes[PREFIX], substrings - sizes[SUBSTRING]]
    const result: T[] = new Array<T>(substrings)
    for (let i = 0; i < count; i++) {
      const t = tier[i]
      if (t !== NONE) result[offsets[t]++] = items[i]
    }
    // Beyond the exact filter the candidates are not confirmed matches: keep no narrowing state then.
    if (exactFilter) {
      for (const i of candidates) tier[i] = FUZZY
      last = { term, edits, tier, size: substrings + candidates.length }
    } else {
      last = null
    }
    if (candidates.length === 0) return result

    if (rankByEdits && exactFilter) {
      // Fewest edits first, then list order: candidates are in list order, so one pass per edit count.
      for (let e = 1; e <= edits; e++) {
        for (let j = 0; j < candidates.length; j++)
          if (candidateEdits[j] === e) result.push(items[candidates[j]])
      }
      return result
    }

    const found = fuzzy(term, candidates).sort(
      (a, b) => (a.score ?? 0) - (b.score ?? 0) || a.item.i - b.item.i,
    )
    for (const r of found) result.push(items[r.item.i])
    return result
  }
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
