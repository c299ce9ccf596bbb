/**
 * The classes the teacher marked as held today ('Megtartva' on the 'Következő óra' card): group ids kept in
 * sessionStorage per school day, so they survive moving between screens and a reload, and are gone with the tab or
 * on the next day. Only opaque group ids of the day are kept — nothing a second teacher on the tablet could read.
 */
import { useCallback, useState } from 'react'

const PREFIX = 'heldClasses:'

function read(key: string): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]')
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

function write(key: string, ids: string[]): void {
  try {
    // Yesterday's marks are of no use: one key per tab at a time.
    for (const stored of Object.keys(sessionStorage))
      if (stored.startsWith(PREFIX) && stored !== key) sessionStorage.removeItem(stored)
    sessionStorage.setItem(key, JSON.stringify(ids))
  } catch {
    // Storage off or full: the marks stay in memory for this visit.
  }
}

export interface HeldClasses {
  held: string[]
  markHeld: (groupId: string) => void
  /** Takes back the last mark (a tap on the wrong card). */
  undo: () => void
}

/** The held marks of school day `day` ('YYYY-MM-DD'). */
export function useHeldClasses(day: string): HeldClasses {
  const key = PREFIX + day
  const [state, setState] = useState(() => ({ key, held: read(key) }))
  // A new day (the page left open overnight) starts with no marks.
  const current = state.key === key ? state.held : read(key)
  if (state.key !== key) setState({ key, held: current })

  const update = useCallback(
    (change: (held: string[]) => string[]) =>
      setState((previous) => {
        const held = change(previous.key === key ? previous.held : read(key))
        write(key, held)
        return { key, held }
      }),
    [key],
  )
  const markHeld = useCallback(
    (groupId: string) => update((held) => (held.includes(groupId) ? held : [...held, groupId])),
    [update],
  )
  const undo = useCallback(() => update((held) => held.slice(0, -1)), [update])
  return { held: current, markHeld, undo }
}
