import { LAYOUT_MAX, LAYOUT_MIN } from '@contract/classroom-layout'

/** Oszlopok and Sorok, in 'Új terem' and in the designer: a whole number within the layout's bounds. */
export const SIZE_INPUT = {
  type: 'number',
  inputMode: 'numeric',
  min: LAYOUT_MIN,
  max: LAYOUT_MAX,
  step: 1,
} as const
