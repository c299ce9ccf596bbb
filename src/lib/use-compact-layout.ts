import { useMediaQuery } from './use-media-query'

/** The phone layout: Chakra's `sm` breakpoint (40em). Lists drop secondary columns below it. */
const COMPACT_QUERY = '(max-width: 40em)'
/** The same condition for a Chakra `css` object. */
export const COMPACT_MEDIA = `@media screen and ${COMPACT_QUERY}`

/**
 * Whether the phone layout applies. CSS does the layout; this is for what CSS cannot do, e.g. the fixed row
 * heights a virtualised list needs.
 */
export function useCompactLayout(): boolean {
  return useMediaQuery(COMPACT_QUERY)
}
