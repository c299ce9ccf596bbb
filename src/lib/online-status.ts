/** Whether the browser believes it is online (navigator.onLine and the online/offline events). */
import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

function getSnapshot(): boolean {
  return navigator.onLine
}

/** Server rendering has no network state; assume online so nothing offline-only flashes. */
function getServerSnapshot(): boolean {
  return true
}

/**
 * True while the browser reports a network connection. `navigator.onLine` can say online behind a dead Wi-Fi;
 * false, however, is reliable — which is what the offline marker needs.
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}
