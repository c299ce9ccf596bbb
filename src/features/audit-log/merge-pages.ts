/**
 * The loaded pages as one list (spec §4): entries merged by `_id` without duplicates, in the order the pages came.
 * A page's rows (label, time, description) are built once per page and reused when a later page is appended.
 */
import {
  AUDIT_TYPE_CATEGORY,
  auditDescriptionParts,
  auditTypeLabel,
  formatAuditTime,
  isAuditType,
  readAuditEntry,
  type AuditEntryView,
  type DescriptionPart,
} from './audit-entry'

/** One row of the list: a readable entry with what it shows, or a malformed one (view null). */
export type ListedEntry =
  | {
      /** The entry's `_id`. */
      key: string
      view: AuditEntryView
      /** The badge text. */
      label: string
      /** The type's category (the badge colour), null for a type outside the catalogue. */
      category: string | null
      time: string
      parts: DescriptionPart[]
    }
  | { key: string; view: null }

interface Page {
  logs: readonly unknown[]
}

const rowsOfPage = new WeakMap<Page, ListedEntry[]>()

function pageRows(page: Page, pageIndex: number): ListedEntry[] {
  let rows = rowsOfPage.get(page)
  if (!rows) {
    rows = page.logs.map((raw, index): ListedEntry => {
      const view = readAuditEntry(raw)
      if (!view) return { key: `hibas:${pageIndex}:${index}`, view: null }
      return {
        key: view.id,
        view,
        label: auditTypeLabel(view.type),
        category: isAuditType(view.type) ? AUDIT_TYPE_CATEGORY[view.type] : null,
        time: formatAuditTime(view.timestamp),
        parts: auditDescriptionParts(view),
      }
    })
    rowsOfPage.set(page, rows)
  }
  return rows
}

/** Every loaded entry once: a later copy of an `_id` (the log moved between two page loads) is dropped. */
export function mergePages(pages: readonly Page[]): ListedEntry[] {
  const seen = new Set<string>()
  const merged: ListedEntry[] = []
  pages.forEach((page, pageIndex) => {
    for (const row of pageRows(page, pageIndex)) {
      if (seen.has(row.key)) continue
      seen.add(row.key)
      merged.push(row)
    }
  })
  return merged
}
