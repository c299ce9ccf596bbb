/** scripts/chakra-global-css.ts: Chakra's global CSS made at build time, or null where Chakra inserts it (dev server, tests). */
declare module 'virtual:chakra-global-css' {
  export const staticGlobalCss: string | null
}
