import { Button, IconButton, Switch } from '@chakra-ui/react'
import { render, screen } from '@testing-library/react'
import { Menu } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { ChakraRoot } from './chakra-root'

/** The declarations emotion generated for the element's classes inside `@media (pointer: coarse)`. */
function coarsePointerRules(element: Element): string {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n')
  return [...element.classList]
    .flatMap((name) => [
      ...css.matchAll(new RegExp(`@media \\(pointer: coarse\\)\\{\\.${name}\\{([^}]*)\\}`, 'g')),
    ])
    .map((match) => match[1])
    .join('\n')
}

const TOUCH_MIN = /min-height:var\(--chakra-sizes-11\);min-width:var\(--chakra-sizes-11\)/

describe('touch targets: every control is at least 44 px under a coarse pointer', () => {
  it('gives small buttons and icon buttons a 44 px minimum (the 36 px row and dialog buttons)', () => {
    render(
      <ChakraRoot>
        <Button size="sm">Mentés</Button>
        <IconButton size="sm" aria-label="Menü megnyitása">
          <Menu aria-hidden />
        </IconButton>
      </ChakraRoot>,
    )
    expect(coarsePointerRules(screen.getByRole('button', { name: 'Mentés' }))).toMatch(TOUCH_MIN)
    expect(coarsePointerRules(screen.getByRole('button', { name: 'Menü megnyitása' }))).toMatch(TOUCH_MIN)
  })

  it('gives a switch row a 44 px minimum (20 px before)', () => {
    const { container } = render(
      <ChakraRoot>
        <Switch.Root>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Sötét mód</Switch.Label>
        </Switch.Root>
      </ChakraRoot>,
    )
    const root = container.querySelector('label')!
    expect(coarsePointerRules(root)).toMatch(TOUCH_MIN)
  })
})

describe('error text colour', () => {
  it('is red.700 in light and red.300 in dark (AA contrast), not Chakra’s red.500', async () => {
    const { system } = await import('./chakra-system')
    const css = JSON.stringify(system.getTokenCss())
    expect(css).toMatch(/"--chakra-colors-fg-error":"var\(--chakra-colors-red-700\)"/)
    expect(css).toMatch(/"--chakra-colors-fg-error":"var\(--chakra-colors-red-300\)"/)
    expect(css).not.toMatch(/"--chakra-colors-fg-error":"var\(--chakra-colors-red-500\)"/)
  })
})
