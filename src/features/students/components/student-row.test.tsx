/** The password row of Diákok (student-row.tsx) inside its screen: what the row keeps and says while editing. */
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Student } from '@contract/api'
import { API, server } from '@/test/msw'
import { renderWithProviders } from '@/test/render'
import { stubScrollArea } from '@/test/scroll-area'
import StudentsScreen from '../students-screen'
import { aStudent } from '../test-helpers'

stubScrollArea()

async function renderRow(student: Student, password: () => Response) {
  const bodies: unknown[] = []
  server.use(
    http.get(`${API}/students/`, () => HttpResponse.json({ students: [student] })),
    http.post(`${API}/students/password`, async ({ request }) => {
      bodies.push(await request.json())
      return password()
    }),
  )
  const result = renderWithProviders(<StudentsScreen />)
  await screen.findByRole('table', { name: 'Diákok' })
  await result.user.click(screen.getByRole('button', { name: `Jelszó módosítása: ${student.name}` }))
  const input = await screen.findByLabelText(new RegExp(`^Új jelszó: ${student.name}`))
  const row = input.closest('[role=row]') as HTMLElement
  return { ...result, bodies, input, row }
}

describe('the password row', () => {
  it('keeps the username cell in the row while the form is open', async () => {
    const { row, input } = await renderRow(aStudent('Kovács Anna', { username: 'kanna' }), () =>
      HttpResponse.json({ code: 200, message: 'OK' }),
    )
    expect(input).toHaveFocus()
    expect(within(row).getByRole('cell', { name: 'kanna' })).toBeInTheDocument()
    expect(within(row).getByRole('form', { name: 'Jelszó módosítása: Kovács Anna' })).toBeInTheDocument()
  })

  it('refuses a password of spaces only with "Kérlek add meg az új jelszót." and sends nothing', async () => {
    const { user, input, row, bodies } = await renderRow(aStudent('Kovács Anna'), () =>
      HttpResponse.json({ code: 200, message: 'OK' }),
    )
    await user.type(input, '   ')
    await user.click(within(row).getByRole('button', { name: 'Mentés' }))
    expect(await within(row).findByRole('alert')).toHaveTextContent('Kérlek add meg az új jelszót.')
    expect(bodies).toEqual([])
    // Typing a real password clears the message.
    await user.type(input, 'x')
    expect(within(row).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says "Hiba történt a kapcsolat során." in the row when the network fails, keeping what was typed', async () => {
    const { user, input, row } = await renderRow(aStudent('Kovács Anna'), () => HttpResponse.error())
    await user.type(input, 'Uj-jelszo-123')
    await user.click(within(row).getByRole('button', { name: 'Mentés' }))
    expect(await within(row).findByRole('alert')).toHaveTextContent('Hiba történt a kapcsolat során.')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveValue('Uj-jelszo-123')
    // The toast keeps the spec's words for a failed password change.
    expect(await screen.findByText('Hiba történt a jelszó módosítása során.')).toBeInTheDocument()
  })

  it('says nothing about the network when the server refuses (its message is in the toast)', async () => {
    const { user, input, row } = await renderRow(aStudent('Kovács Anna'), () =>
      HttpResponse.json({ code: 400, message: 'A jelszó legalább 8 karakter legyen.' }, { status: 400 }),
    )
    await user.type(input, 'rovid')
    await user.click(within(row).getByRole('button', { name: 'Mentés' }))
    expect(await screen.findByText('Hiba történt: A jelszó legalább 8 karakter legyen.')).toBeInTheDocument()
    expect(within(row).queryByRole('alert')).not.toBeInTheDocument()
  })
})
