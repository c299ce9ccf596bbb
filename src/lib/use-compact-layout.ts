import { useSyncExternalStore } from 'react'

/** Below this width the table drops its username column (the username moves under the name). */
export const COMPACT_QUERY = '(max-width: 40em)'

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(COMPACT_QUERY)
  list?.addEventListener('change', onChange)
  return () => list?.removeEventListener('change', onChange)
}

const matches = () => window.matchMedia?.(COMPACT_QUERY).matches ?? false

/** Whether the phone layout applies; the virtualised rows need it to pick their fixed heights. */
export function useCompactLayout(): boolean {
  return useSyncExternalStore(subscribe, matches, () => false)
}
