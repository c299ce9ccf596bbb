/**
 * One screen asking the shell for another, with what to open there (issue 20: Kezdőlap's 'Jelenlét' opens Csoportok
 * on the group's register for today). Screens never import each other; they meet here. The request is kept until the
 * target screen takes it, because that screen mounts only after its code has loaded. In memory only: nothing of it is
 * worth keeping across a reload, and it needs no network.
 */

export interface ScreenRequest {
  /** The screen's id (src/app/shell/menu.ts). */
  readonly screen: string
  /** What the screen opens, read by that screen alone (Csoportok: `{ attendance: groupId }`); it takes the focus. */
  readonly open?: Readonly<Record<string, string>>
  /** The screen to go back to when what was opened is closed. */
  readonly back?: string
}

type Listener = (request: ScreenRequest) => void

let pending: ScreenRequest | null = null
const listeners = new Set<Listener>()

/** Asks the shell to show `request.screen`; the screen reads the rest with `screenRequestFor`. */
export function requestScreen(request: ScreenRequest): void {
  pending = request
  for (const listener of listeners) listener(request)
}

/** The shell's side: called with each request. Returns the unsubscribe. */
export function onScreenRequest(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The request waiting for `screen`, or null. It stays until `clearScreenRequest` (a render may run twice). */
export function screenRequestFor(screen: string): ScreenRequest | null {
  return pending?.screen === screen ? pending : null
}

/** Drops `request` once taken (or refused): a later visit to its screen opens nothing. */
export function clearScreenRequest(request: ScreenRequest): void {
  if (pending === request) pending = null
}
