/**
 * What a screen reader hears while a student is dragged with a finger or a mouse (dnd-kit's live region), in
 * Hungarian. The draggables carry `data.name`, the drop targets `data.label`.
 */
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core'

interface Named {
  data: { current?: Record<string, unknown> | undefined }
}

const nameOf = (item: Named | null | undefined) => String(item?.data.current?.name ?? 'A diák')
const labelOf = (item: Named | null | undefined) => String(item?.data.current?.label ?? '')

export const seatingAnnouncements: Announcements = {
  onDragStart: ({ active }) => `${nameOf(active)} felemelve.`,
  onDragOver: ({ active, over }) =>
    over ? `${nameOf(active)} fölötte: ${labelOf(over)}.` : `${nameOf(active)} nincs asztal fölött.`,
  onDragEnd: ({ active, over }) =>
    over ? `${nameOf(active)} letéve: ${labelOf(over)}.` : `${nameOf(active)} a helyén maradt.`,
  onDragCancel: ({ active }) => `Húzás megszakítva. ${nameOf(active)} a helyén maradt.`,
}

/** Also shown on the screen: how to seat a student without dragging. */
export const KEYBOARD_HINT =
  'Billentyűzettel: Enter vagy Szóköz kiválaszt egy diákot, a nyilak asztalt választanak, Enter leülteti, Delete visszaküldi a listába, Escape megszakítja.'

/** Shown on the screen: a finger holds a student until the chip lifts, then drags (a swipe scrolls). */
export const TOUCH_HINT =
  'Érintéssel: tartsd az ujjad a diákon, amíg megemelkedik, majd húzd egy asztalra. A gyors húzás görget.'

export const seatingScreenReaderInstructions: ScreenReaderInstructions = {
  draggable: `${TOUCH_HINT} ${KEYBOARD_HINT}`,
}
