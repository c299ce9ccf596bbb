import { useCallback, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'

/**
 * A list screen's search box (Diákok, Felhasználók, Fájlok, Proxy): the term as typed and the term the list is
 * filtered on, which follows `delayMs` after the last keystroke. The timer starts in the change handler itself, not
 * in an effect after the keystroke's render, so the wait is counted from the key: on a slow device that render is
 * part of the pause the user already waited.
 *
 * `prepare(term)`, if given, runs a third of the way into the wait when no other key came: the search itself, so
 * that when the wait is over only the list is left to draw (docs/decisions/proxy.md, "Keystroke → list"). Keys typed
 * faster than that start no search.
 */
export function useSearchTerm(
  delayMs: number,
  prepare?: (term: string) => void,
): [term: string, settled: string, setTerm: (term: string) => void] {
  const [term, setTermNow] = useState('')
  const [settled, setSettled] = useState('')
  const timers = useRef<ReturnType<typeof setTimeout>[]>([])
  const prepareRef = useRef(prepare)
  useEffect(() => {
    prepareRef.current = prepare
  }, [prepare])
  useEffect(() => () => timers.current.forEach(clearTimeout), [])
  const setTerm = useCallback(
    (next: string) => {
      timers.current.forEach(clearTimeout)
      timers.current = [
        setTimeout(() => prepareRef.current?.(next), Math.round(delayMs / 3)),
        // Drawn in the timer's own task: the pause is over, nothing should queue before the list.
        setTimeout(() => flushSync(() => setSettled(next)), delayMs),
      ]
      setTermNow(next)
    },
    [delayMs],
  )
  return [term, settled, setTerm]
}
