/** Today's school day, moving on at midnight for a page left open overnight. */
import { useEffect, useState } from 'react'
import { msUntilMidnight, schoolDay, type SchoolDay } from './school-day'

export function useSchoolDay(): SchoolDay {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), msUntilMidnight(now) + 1000)
    return () => clearTimeout(timer)
  }, [now])
  return schoolDay(now)
}
