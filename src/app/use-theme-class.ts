import { useEffect } from 'react'
import type { Theme } from '@contract/settings'

/** Puts Chakra's `.dark` (or `.light`) class and the matching color-scheme on <html>. */
export function useThemeClass(theme: Theme): void {
  useEffect(() => {
    const root = document.documentElement
    root.classList.toggle('dark', theme === 'dark')
    root.classList.toggle('light', theme !== 'dark')
    root.style.colorScheme = theme
  }, [theme])
}
