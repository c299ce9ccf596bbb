/**
 * Chakra's provider with the app's trimmed system. The login screen is plain CSS so that its first load carries
 * neither Chakra nor emotion (DESIGN §7); every Chakra tree — the signed-in app, the login dialogs, the toaster —
 * mounts inside one of these.
 *
 * In a build, Chakra's global CSS (reset, global styles, token variables, layer order) is made at build time
 * (scripts/chakra-global-css.ts) and goes into the page when this module loads; the provider gets a view of the
 * system without it, so nothing computes, serialises or inserts it at run time (docs/decisions/ui.md).
 */
import { ChakraProvider, type SystemContext } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { staticGlobalCss } from 'virtual:chakra-global-css'
import { system } from './chakra-system'

if (staticGlobalCss !== null) {
  const style = document.createElement('style')
  style.dataset.chakraGlobal = ''
  style.textContent = staticGlobalCss
  document.head.append(style)
}

/**
 * The system as <ChakraProvider> sees it: with the global CSS already in the page, no global styles and no layer
 * order for its `<Global>` elements. A prototype view, not a copy: a spread would compute `_global`.
 */
const providedSystem: SystemContext =
  staticGlobalCss === null
    ? system
    : (Object.create(system, {
        _global: { value: [] },
        _config: { value: { ...system._config, disableLayers: true } },
      }) as SystemContext)

export function ChakraRoot({ children }: { children: ReactNode }) {
  return <ChakraProvider value={providedSystem}>{children}</ChakraProvider>
}
