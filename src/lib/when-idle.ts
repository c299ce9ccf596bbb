/**
 * Runs `task` when the main thread is idle (at the latest after `timeoutMs`), or after a short delay without
 * requestIdleCallback; returns the cancel, so it fits a useEffect: `useEffect(() => whenIdle(task), [task])`.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(task, 200)
  return () => window.clearTimeout(id)
}
