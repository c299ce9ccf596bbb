import { useSyncExternalStore } from 'react'

/** The phone layout: Chakra's `sm` breakpoint (40em). Lists drop secondary columns below it. */
const COMPACT_QUERY = '(max-width: 40em)'
/** The same condition for a Chakra `css` object. */
export const COMPACT_MEDIA = `@media screen and ${COMPACT_QUERY}`

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(COMPACT_QUERY)
  list?.addEventListener('change', onChange)
  return () => list?.removeEventListener('change', onChange)
}

const matches = () => window.matchMedia?.(COMPACT_QUERY).matches ?? false

/**
 * Whether the phone layout applies. CSS does the layout; this is for what CSS cannot do, e.g. the fixed row
 * heights a virtualised list needs.
 */
export function useCompactLayout(): boolean {
  return useSyncExternalStore(subscribe, matches, () => false)
}
