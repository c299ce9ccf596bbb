/**
 * Printable hand-out slips of one-time passwords (issue 11): a new window with one slip per account, built with DOM
 * calls only (textContent, never HTML from data), then the browser's print dialog. Nothing is kept after it closes.
 */
import { USER_TYPE_LABELS } from './user-labels'
import type { UserType } from '@contract/features'

export interface Slip {
  name: string
  username: string
  type: UserType
  password: string
}

/** Opens the slips in a new window and prints them; false when the browser blocked the window. */
export function printSlips(slips: readonly Slip[], productName = 'Oktatói Portál'): boolean {
  const win = window.open('', '_blank')
  if (!win) return false
  const doc = win.document
  doc.title = 'Egyszer használatos jelszavak'
  doc.body.style.fontFamily = 'system-ui, sans-serif'
  for (const slip of slips) {
    const box = doc.createElement('section')
    Object.assign(box.style, {
      border: '1px dashed #555',
      padding: '12px 16px',
      margin: '0 0 12px',
      breakInside: 'avoid',
    })
    const line = (label: string, value: string, big = false) => {
      const p = doc.createElement('p')
      p.style.margin = '4px 0'
      const strong = doc.createElement('strong')
      strong.textContent = `${label}: `
      const span = doc.createElement('span')
      span.textContent = value
      if (big) Object.assign(span.style, { fontFamily: 'monospace', fontSize: '18px' })
      p.append(strong, span)
      box.append(p)
    }
    const title = doc.createElement('h2')
    title.style.margin = '0 0 8px'
    title.style.fontSize = '16px'
    title.textContent = productName
    box.append(title)
    line('Név', slip.name)
    line('Típus', USER_TYPE_LABELS[slip.type])
    line('Felhasználónév', slip.username, true)
    line('Egyszer használatos jelszó', slip.password, true)
    const note = doc.createElement('p')
    note.style.fontSize = '12px'
    note.textContent = 'Az első bejelentkezéskor saját jelszót kell beállítanod.'
    box.append(note)
    doc.body.append(box)
  }
  win.focus()
  win.print()
  return true
}
