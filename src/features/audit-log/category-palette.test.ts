/** Issue 18: every audit category has a badge colour ('Felhasználó létrehozása' had none in either theme). */
import { describe, expect, it } from 'vitest'
import { AUDIT_CATEGORIES } from '@contract/audit'
import { CATEGORY_PALETTE } from './components/audit-entry-list'

describe('audit badge colours', () => {
  it('every category of the catalogue has one', () => {
    for (const category of AUDIT_CATEGORIES)
      expect(CATEGORY_PALETTE[category.label], category.label).toBeTruthy()
  })
})
