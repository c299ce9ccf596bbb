/**
 * Touch targets (WCAG 2.5.8, Apple's 44 pt): under a finger every control is at least 44 px tall and wide; a mouse
 * keeps the compact desktop sizes. The Chakra system adds this to the button, input, select, switch and checkbox
 * recipes (src/components/chakra-system.ts), so every screen gets it; plain elements styled in a `css` object spread it in.
 */
const COARSE_POINTER = '@media (pointer: coarse)'

/** 44 px: Chakra's `11` size token (2.75rem). */
export const touchTarget = { [COARSE_POINTER]: { minHeight: '11', minWidth: '11' } } as const
