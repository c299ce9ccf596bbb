/**
 * The time of day on the school's clock (minutes after midnight, in its zone), moving on each minute, so 'Következő
 * óra' turns to 'Most:' when a class starts and moves on when it ends on a page left open (issue 20).
 */
import { useEffect, useState } from 'react'
import { schoolMinutes } from '@/lib/group-time'

export function useSchoolMinutes(): number {
  const [minutes, setMinutes] = useState(() => schoolMinutes())
  useEffect(() => {
    // Just past the next full minute, then every minute.
    const tick = () => setMinutes(schoolMinutes())
    let interval: ReturnType<typeof setInterval> | undefined
    const timer = setTimeout(
      () => {
        tick()
        interval = setInterval(tick, 60_000)
      },
      60_000 - (Date.now() % 60_000) + 100,
    )
    return () => {
      clearTimeout(timer)
      clearInterval(interval)
    }
  }, [])
  return minutes
}
