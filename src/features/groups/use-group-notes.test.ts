import { describe, expect, it } from 'vitest'
import { applyFeaturePreviews } from '@contract/features'
import { buildFeatures } from '@/test/factories'
import { groupNotesShown } from './use-group-notes'

const TODAY = '2026-11-24'
const server = buildFeatures(['getGroupsforInstructor', 'groupNotes'])
const shown = (preview: unknown) =>
  groupNotesShown(applyFeaturePreviews(server, { 'featurePreview:groupNotes': preview }), TODAY)

describe('groupNotesShown', () => {
  it("shows the notes only with the 'ui1' variant", () => {
    expect(shown('ui1')).toBe(true)
    expect(shown(false)).toBe(false)
    expect(shown('false')).toBe(false)
    // Enabled without a variant is not ui1.
    expect(shown(true)).toBe(false)
    expect(groupNotesShown(server, TODAY)).toBe(false)
  })

  it('hides them when the feature is outside its window, even with ui1', () => {
    const ended = { ...server, groupNotes: { ...server.groupNotes, endDate: '2026-11-01' } }
    expect(groupNotesShown(applyFeaturePreviews(ended, { 'featurePreview:groupNotes': 'ui1' }), TODAY)).toBe(
      false,
    )
  })
})
