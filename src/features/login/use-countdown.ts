import { useCallback, useEffect, useRef, useState } from 'react'

/** `m:ss` of a number of seconds: 900 → '15:00'. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, seconds)
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`
}

/**
 * A countdown from `total` seconds ticking each second. At 0 it stops, resets to `total` and calls `onExpire`.
 * It counts against a deadline, not ticks: a tablet that throttles timers (screen off, busy CPU) still shows the
 * true time left of the code.
 */
export function useCountdown(total: number, onExpire: () => void) {
  const [seconds, setSeconds] = useState(total)
  const [running, setRunning] = useState(false)
  const deadline = useRef(0)
  const onExpireRef = useRef(onExpire)
  useEffect(() => {
    onExpireRef.current = onExpire
  }, [onExpire])

  useEffect(() => {
    if (!running) return
    const id = setInterval(() => setSeconds(Math.ceil((deadline.current - Date.now()) / 1000)), 1000)
    return () => clearInterval(id)
  }, [running])

  useEffect(() => {
    if (running && seconds <= 0) {
      setRunning(false)
      setSeconds(total)
      onExpireRef.current()
    }
  }, [running, seconds, total])

  const start = useCallback(() => {
    deadline.current = Date.now() + total * 1000
    setSeconds(total)
    setRunning(true)
  }, [total])
  const stop = useCallback(() => setRunning(false), [])
  const reset = useCallback(() => {
    setRunning(false)
    setSeconds(total)
  }, [total])

  return { seconds, running, start, stop, reset }
}
