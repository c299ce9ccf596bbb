import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches, kept up to date as the window changes. CSS does the layout; this is for what
 * CSS cannot do (another component, fixed row heights). Without `matchMedia` (the test DOM) it is false.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query)
      list?.addEventListener('change', onChange)
      return () => list?.removeEventListener('change', onChange)
    },
    [query],
  )
  const matches = useCallback(() => window.matchMedia?.(query).matches ?? false, [query])
  return useSyncExternalStore(subscribe, matches, () => false)
}
