import { useEffect, useState } from 'react'

/**
 * `value` once it has stayed unchanged for `delayMs`: a search box filters on this, so a keystroke only sets
 * the input's state and the list updates once typing pauses.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
