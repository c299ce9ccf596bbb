/**
 * The visible half of a long press (issue 18): while a finger holds a student, the chip lifts (grows, casts a
 * shadow) over the touch sensor's delay, so the finger sees that holding works before the drag starts. A move
 * beyond the sensor's tolerance (a swipe: the page scrolls) or a lift of the finger drops it back.
 */
import { useCallback, useRef, useState, type TouchEvent } from 'react'
import type { DraggableSyntheticListeners } from '@dnd-kit/core'

/** The touch sensor's hold and tolerance: the drag starts after this press, unless the finger moved further. */
export const TOUCH_HOLD = { delay: 150, tolerance: 8 } as const

/** The style of a lifted chip: `data-lifted` is set while a finger holds it. */
export const LIFTED_STYLE = {
  transition: `transform ${TOUCH_HOLD.delay}ms ease-out, box-shadow ${TOUCH_HOLD.delay}ms ease-out`,
  '&[data-lifted]': {
    transform: 'scale(1.06)',
    boxShadow: 'var(--chakra-shadows-lg)',
    zIndex: 1,
  },
} as const

/** Listeners for a draggable: dnd-kit's own, plus the lift on a touch. */
export function usePressLift(listeners: DraggableSyntheticListeners) {
  const [lifted, setLifted] = useState(false)
  const start = useRef<{ x: number; y: number } | null>(null)
  const drop = useCallback(() => {
    start.current = null
    setLifted(false)
  }, [])
  const onTouchStart = useCallback(
    (event: TouchEvent<HTMLElement>) => {
      listeners?.onTouchStart?.(event)
      const touch = event.touches[0]
      if (!touch || event.touches.length > 1) return drop()
      start.current = { x: touch.clientX, y: touch.clientY }
      setLifted(true)
    },
    [listeners, drop],
  )
  const onTouchMove = useCallback(
    (event: TouchEvent<HTMLElement>) => {
      const touch = event.touches[0]
      const from = start.current
      if (!touch || !from) return
      if (Math.hypot(touch.clientX - from.x, touch.clientY - from.y) > TOUCH_HOLD.tolerance) drop()
    },
    [drop],
  )
  return {
    lifted,
    handlers: { ...listeners, onTouchStart, onTouchMove, onTouchEnd: drop, onTouchCancel: drop },
  }
}
