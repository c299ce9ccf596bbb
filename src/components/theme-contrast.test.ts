/**
 * Issue 18: text colours of the theme reach WCAG AA (4.5:1) in both themes, computed from the system's own tokens:
 * `fg.subtle` on the page and panel backgrounds, white on a hovered blue button (solid at 90 % over the page), the
 * sidebar's focus ring against the dark page (3:1 for a non-text outline), (the audit badges' colours: features/audit-log).
 */
import { describe, expect, it } from 'vitest'
import { system } from './chakra-system'

type Rgb = [number, number, number]

function hex(token: string): Rgb {
  const value =
    token === 'white' ? '#ffffff' : token === 'black' ? '#000000' : system.token(`colors.${token}`)
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(String(value))
  if (!match) throw new Error(`not a colour: ${token} = ${String(value)}`)
  return [1, 2, 3].map((i) => parseInt(match[i], 16)) as Rgb
}

/** The palette colour a semantic token names in one theme ('{colors.gray.400}' → 'gray.400'). */
function semantic(path: string, theme: '_light' | '_dark'): string {
  const tokens = (system._config.theme?.semanticTokens?.colors ?? {}) as Record<string, unknown>
  const node = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], tokens)
  const value = (node as { value: Record<string, string> }).value[theme]
  return value.replace(/^\{colors\.(.*)\}$/, '$1')
}

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

function over(top: Rgb, alpha: number, below: Rgb): Rgb {
  return top.map((c, i) => Math.round(c * alpha + below[i] * (1 - alpha))) as Rgb
}

const THEMES = ['_light', '_dark'] as const

describe('theme contrast (issue 18)', () => {
  it.each(THEMES)('fg.subtle reaches 4.5:1 on bg, bg.panel and bg.subtle (%s)', (theme) => {
    const text = hex(semantic('fg.subtle', theme))
    for (const background of ['bg.DEFAULT', 'bg.panel', 'bg.subtle'])
      expect(contrast(text, hex(semantic(background, theme))), background).toBeGreaterThanOrEqual(4.5)
  })

  it.each(THEMES)('white on a hovered blue button (solid/90 over the page) reaches 4.5:1 (%s)', (theme) => {
    const solid = hex(semantic('blue.solid', theme))
    for (const background of ['bg.DEFAULT', 'bg.panel']) {
      const hovered = over(solid, 0.9, hex(semantic(background, theme)))
      expect(contrast(hex('white'), hovered), background).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('the dark focus ring stands out 3:1 from the dark page', () => {
    expect(
      contrast(hex(semantic('blue.focusRing', '_dark')), hex(semantic('bg.DEFAULT', '_dark'))),
    ).toBeGreaterThanOrEqual(3)
  })
})
