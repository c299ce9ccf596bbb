/**
 * happy-dom lays nothing out: every element's `clientHeight` is 0, so a virtualised list (VirtualTable) shows no
 * rows. Called at the top of a test file, `stubScrollArea()` gives every element a phone-sized height for that file's
 * tests and puts the real getter back after them.
 */
import { afterAll, beforeAll } from 'vitest'

export function stubScrollArea(height = 600): void {
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height })
  })
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
  })
}
