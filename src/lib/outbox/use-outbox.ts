/** The outbox's state for React (the shell's badge and panel, the logout question): useSyncExternalStore. */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { outbox, type OutboxState } from './outbox'

export function useOutboxState(): OutboxState {
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot)
}

/**
 * Runs the outbox while the signed-in app is mounted: loads the queue, sends it and listens for the triggers.
 * A wipe (logout, 401, another user's login) stops it first (wipeUserData), so nothing is written back after it.
 */
export function useOutboxRunner(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    outbox.connect(queryClient)
    const stop = outbox.start()
    return () => {
      stop()
      outbox.connect(null)
    }
  }, [queryClient])
}
