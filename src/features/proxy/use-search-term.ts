import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * The search box's term and the term the list is filtered on, which follows `delayMs` after the last keystroke.
 * Unlike useDebouncedValue (a timer started by an effect after the keystroke's render), the timer starts in the
 * change handler itself, so the wait is counted from the key and not from the end of its render: on a slow
 * device that render is part of the pause the user already waited (docs/decisions-proxy-keystroke.md).
 */
export function useSearchTerm(
  delayMs: number,
): [term: string, settled: string, setTerm: (term: string) => void] {
  const [term, setTermNow] = useState('')
  const [settled, setSettled] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const setTerm = useCallback(
    (next: string) => {
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setSettled(next), delayMs)
      setTermNow(next)
    },
    [delayMs],
  )
  return [term, settled, setTerm]
}
