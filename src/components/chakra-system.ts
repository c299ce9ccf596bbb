/**
 * The trimmed Chakra system (DESIGN §2): the base preset plus only the tokens and recipes the app uses.
 * `defaultSystem` would pull every recipe (~60 KB gzip) into the login screen's first load.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react'
import {
  alertSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  layerStyles,
  animationStyles,
  toastSlotRecipe,
  tokens,
  inputAddonRecipe,
  emptyStateSlotRecipe,
  tabsSlotRecipe,
  menuSlotRecipe,
  popoverSlotRecipe,
  tooltipSlotRecipe,
  progressSlotRecipe,
} from '@chakra-ui/react/theme'
import { touchTarget } from '../lib/touch-target'

/** A slot recipe whose `slot` gets the touch-target minimum under a coarse pointer. */
function withTouchTarget<R extends { base?: object }>(recipe: R, slot: string): R {
  const base = (recipe.base ?? {}) as Record<string, object>
  return { ...recipe, base: { ...base, [slot]: { ...base[slot], ...touchTarget } } }
}

/**
 * Chakra's `fg.error` is red.500 in the light theme: 3.8:1 on white, under WCAG AA's 4.5:1 for the small red
 * texts (form field errors, inline load errors). red.700 / red.300 pass in both themes.
 */
/*
 * Issue 18, the same for the dark theme: `fg.subtle` (other-month days, quiet hints) was gray.500 on black, 4.1:1
 * (and gray.400 on white, 2.6:1), now gray.400 / gray.500, at least 4.5:1 on the page and panel backgrounds.
 * `blue.solid` was blue.600, whose hover (solid/90, the page showing through) gave white text 4.3:1; blue.700 keeps
 * at least 4.5:1 hovered, in both themes. `blue.focusRing` (the sidebar's focus outline) is blue.400 in the dark.
 */
const accessibleSemanticTokens = {
  ...semanticTokens,
  colors: {
    ...semanticTokens.colors,
    fg: {
      ...semanticTokens.colors?.fg,
      error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
      subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.400}' } },
    },
    blue: {
      ...semanticTokens.colors?.blue,
      solid: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.700}' } },
      focusRing: { value: { _light: '{colors.blue.500}', _dark: '{colors.blue.400}' } },
    },
  },
}

const config = defineConfig({
  // The same root settings as Chakra's default theme: the CSS reset, `--chakra-*` variables on <html>.
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens: accessibleSemanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      // Under a finger, buttons (icon and close buttons too), inputs, selects, switch and checkbox rows are 44 px.
      button: { ...buttonRecipe, base: { ...buttonRecipe.base, ...touchTarget } },
      heading: headingRecipe,
      input: { ...inputRecipe, base: { ...inputRecipe.base, ...touchTarget } },
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: withTouchTarget(checkboxSlotRecipe, 'root'),
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: withTouchTarget(nativeSelectSlotRecipe, 'field'),
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      switch: withTouchTarget(switchSlotRecipe, 'root'),
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
})

export const system = createSystem(defaultBaseConfig, config)
