import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Student } from '@contract/api'
import { API, server } from '@/test/msw'
import StudentsScreen from './students-screen'
import { renderWithProviders } from '@/test/render'
import { stubScrollArea } from '@/test/scroll-area'
import { aStudent } from './test-helpers'

stubScrollArea()

function serveStudents(students: Student[]) {
  let calls = 0
  server.use(
    http.get(`${API}/students/`, () => {
      calls++
      return HttpResponse.json({ students })
    }),
  )
  return { calls: () => calls }
}

function servePasswordChange(respond: (body: unknown) => Response | Promise<Response>) {
  const bodies: unknown[] = []
  server.use(
    http.post(`${API}/students/password`, async ({ request }) => {
      const body = await request.json()
      bodies.push(body)
      return respond(body)
    }),
  )
  return bodies
}

const dataRows = () =>
  screen.getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0)

async function renderScreen(students: Student[]) {
  const served = serveStudents(students)
  const result = renderWithProviders(<StudentsScreen />)
  if (students.length > 0) await screen.findByRole('table', { name: 'Diákok' })
  return { ...served, ...result }
}

async function openEditor(user: UserEvent, name: string) {
  await user.click(screen.getByRole('button', { name: `Jelszó módosítása: ${name}` }))
  return screen.getByLabelText(new RegExp(`^Új jelszó: ${name}`))
}

describe('Diákok kezelése', () => {
  it('shows the title, the subtitle and the column headers Név, Felhasználónév, Műveletek', async () => {
    await renderScreen([aStudent('Kovács Anna')])
    expect(screen.getByRole('heading', { level: 1, name: 'Diákok kezelése' })).toBeInTheDocument()
    expect(screen.getByText(/diákok listája/i)).toBeInTheDocument()
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Név',
      'Felhasználónév',
      'Műveletek',
    ])
  })

  it('shows "Diákok betöltése..." while the list loads', async () => {
    server.use(http.get(`${API}/students/`, () => delay('infinite')))
    renderWithProviders(<StudentsScreen />)
    expect(await screen.findByText('Diákok betöltése...')).toBeInTheDocument()
  })

  it('loads the list from GET /students/ once', async () => {
    const { calls } = await renderScreen([aStudent('Kovács Anna')])
    expect(calls()).toBe(1)
  })

  it('shows "Nincsenek diákok" when the school has no students', async () => {
    await renderScreen([])
    expect(await screen.findByText('Nincsenek diákok')).toBeInTheDocument()
    expect(screen.getByText('Még nem került egyetlen diák sem a rendszerbe.')).toBeInTheDocument()
  })

  it('shows "Hiba történt a diákok betöltése közben." when the list fails to load', async () => {
    server.use(
      http.get(`${API}/students/`, () =>
        HttpResponse.json({ code: 500, message: 'Belső hiba' }, { status: 500 }),
      ),
    )
    renderWithProviders(<StudentsScreen />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Hiba történt a diákok betöltése közben.')
  })

  it('shows no student count while the list loads', async () => {
    server.use(http.get(`${API}/students/`, () => delay('infinite')))
    renderWithProviders(<StudentsScreen />)
    await screen.findByText('Diákok betöltése...')
    expect(screen.queryByText(/\d+ diák/)).not.toBeInTheDocument()
  })

  it('shows no student count when the list failed to load', async () => {
    server.use(
      http.get(`${API}/students/`, () =>
        HttpResponse.json({ code: 500, message: 'Belső hiba' }, { status: 500 }),
      ),
    )
    renderWithProviders(<StudentsScreen />)
    await screen.findByRole('alert')
    expect(screen.queryByText(/\d+ diák/)).not.toBeInTheDocument()
  })

  it('counts the students', async () => {
    await renderScreen([aStudent('Kovács Anna'), aStudent('Nagy Bence'), aStudent('Tóth Eszter')])
    expect(screen.getByText('3 diák')).toBeInTheDocument()
  })

  it('shows each student with initials, name and username', async () => {
    const anna = aStudent('Kovács Anna Mária', { username: 'kanna' })
    await renderScreen([anna])
    const [row] = dataRows()
    const cells = within(row).getAllByRole('cell')
    expect(cells[0]).toHaveTextContent('KA')
    expect(cells[0]).toHaveTextContent('Kovács Anna Mária')
    expect(cells[1]).toHaveTextContent('kanna')
    expect(within(cells[2]).getByRole('button', { name: /Jelszó módosítása/ })).toBeInTheDocument()
  })

  it('gives the row button at least 44 px under a coarse pointer (a finger)', async () => {
    await renderScreen([aStudent('Kovács Anna')])
    const region = screen.getByRole('region', { name: 'Diáklista' })
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n')
    const rules = [...region.classList].flatMap((name) => [
      ...css.matchAll(new RegExp(`@media \\(pointer: coarse\\)\\{\\.${name} \\.vt-action\\{([^}]*)\\}`, 'g')),
    ])
    expect(rules.map((match) => match[1]).join('')).toMatch(/min-height:var\(--chakra-sizes-11\)/)
    expect(within(region).getByRole('button', { name: 'Jelszó módosítása: Kovács Anna' })).toHaveClass(
      'vt-action',
    )
  })

  describe('search', () => {
    const list = () => [
      aStudent('Kovács Anna', { username: 'kanna' }),
      aStudent('Nagy Bence', { username: 'nbence' }),
      aStudent('Szűcs Ödön', { username: 'szodon' }),
    ]

    it('has a search box for names and usernames', async () => {
      await renderScreen(list())
      expect(screen.getByRole('searchbox', { name: /név vagy felhasználónév/i })).toHaveAttribute(
        'placeholder',
        expect.stringMatching(/név vagy felhasználónév/i),
      )
    })

    it('finds "Kovács" when "Kovacs" is typed (accents ignored)', async () => {
      const { user } = await renderScreen(list())
      await user.type(screen.getByRole('searchbox'), 'Kovacs')
      await waitFor(() => expect(dataRows()).toHaveLength(1))
      expect(dataRows()[0]).toHaveTextContent('Kovács Anna')
      expect(screen.getByText('1 találat / 3 diák')).toBeInTheDocument()
    })

    it('finds a student by username', async () => {
      const { user } = await renderScreen(list())
      await user.type(screen.getByRole('searchbox'), 'nbence')
      await waitFor(() => expect(dataRows()).toHaveLength(1))
      expect(dataRows()[0]).toHaveTextContent('Nagy Bence')
    })

    it('shows "Nincs találat" when the search matches nobody', async () => {
      const { user } = await renderScreen(list())
      await user.type(screen.getByRole('searchbox'), 'xyzxyz')
      expect(await screen.findByText('Nincs találat')).toBeInTheDocument()
      expect(screen.getByText('Nem található diák a megadott keresési feltételekkel.')).toBeInTheDocument()
      expect(screen.queryByRole('table')).not.toBeInTheDocument()
    })

    it('shows the full list for a whitespace-only search term', async () => {
      const { user } = await renderScreen(list())
      await user.type(screen.getByRole('searchbox'), 'xyzxyz')
      await screen.findByText('Nincs találat')
      await user.clear(screen.getByRole('searchbox'))
      await user.type(screen.getByRole('searchbox'), '   ')
      await waitFor(() => expect(dataRows()).toHaveLength(3))
      expect(screen.getByText('3 diák')).toBeInTheDocument()
    })
  })

  describe('password change', () => {
    it('turns the row into a form with a password input, "Mentés" and "Mégse"', async () => {
      const { user } = await renderScreen([aStudent('Kovács Anna')])
      const input = await openEditor(user, 'Kovács Anna')
      expect(input).toHaveAttribute('type', 'password')
      expect(input).toHaveAttribute('placeholder', 'Add meg az új jelszót...')
      expect(input).toHaveFocus()
      expect(screen.getByRole('button', { name: 'Mentés' })).toBeEnabled()
      expect(screen.getByRole('button', { name: 'Mégse' })).toBeInTheDocument()
    })

    it('keeps only one row in edit mode at a time', async () => {
      const { user } = await renderScreen([aStudent('Kovács Anna'), aStudent('Nagy Bence')])
      await openEditor(user, 'Kovács Anna')
      await openEditor(user, 'Nagy Bence')
      expect(screen.getAllByLabelText(/^Új jelszó/)).toHaveLength(1)
      expect(screen.getByLabelText(/^Új jelszó: Nagy Bence/)).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Jelszó módosítása: Kovács Anna' })).toBeInTheDocument()
    })

    it('closes the form on "Mégse" and gives focus back to the row', async () => {
      const { user } = await renderScreen([aStudent('Kovács Anna')])
      await openEditor(user, 'Kovács Anna')
      await user.click(screen.getByRole('button', { name: 'Mégse' }))
      expect(screen.queryByLabelText(/^Új jelszó/)).not.toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Jelszó módosítása: Kovács Anna' })).toHaveFocus()
    })

    it('closes the form on Escape', async () => {
      const { user } = await renderScreen([aStudent('Kovács Anna')])
      await openEditor(user, 'Kovács Anna')
      await user.keyboard('{Escape}')
      expect(screen.queryByLabelText(/^Új jelszó/)).not.toBeInTheDocument()
    })

    it('says "Kérlek add meg az új jelszót." for an empty password and sends nothing', async () => {
      const bodies = servePasswordChange(() => HttpResponse.json({ code: 200, message: 'OK' }))
      const { user } = await renderScreen([aStudent('Kovács Anna')])
      const input = await openEditor(user, 'Kovács Anna')
      await user.click(screen.getByRole('button', { name: 'Mentés' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('Kérlek add meg az új jelszót.')
      expect(input).toHaveAttribute('aria-invalid', 'true')
      expect(input).toHaveAccessibleDescription('Kérlek add meg az új jelszót.')
      expect(bodies).toEqual([])
    })

    it('shows "Mentés..." and disables the button while saving', async () => {
      servePasswordChange(async () => {
        await delay('infinite')
        return HttpResponse.json({ code: 200, message: 'OK' })
      })
      const { user } = await renderScreen([aStudent('Kovács Anna')])
      await user.type(await openEditor(user, 'Kovács Anna'), 'Uj-jelszo-123')
      await user.click(screen.getByRole('button', { name: 'Mentés' }))
      expect(await screen.findByRole('button', { name: 'Mentés...' })).toBeDisabled()
    })

    it('posts {username, password}, toasts "Jelszó sikeresen megváltoztatva.", closes the form and clears the field', async () => {
      const bodies = servePasswordChange(() => HttpResponse.json({ code: 200, message: 'Jelszó módosítva.' }))
      const { user } = await renderScreen([aStudent('Kovács Anna', { username: 'kanna' })])
      await user.type(await openEditor(user, 'Kovács Anna'), 'Uj-jelszo-123')
      await user.keyboard('{Enter}')
      expect(await screen.findByText('Jelszó sikeresen megváltoztatva.')).toBeInTheDocument()
      expect(bodies).toEqual([{ username: 'kanna', password: 'Uj-jelszo-123' }])
      expect(screen.queryByLabelText(/^Új jelszó/)).not.toBeInTheDocument()
      expect(await openEditor(user, 'Kovács Anna')).toHaveValue('')
    })

    it('shows "Hiba történt: {server message}" when the server refuses and keeps the form open', async () => {
      servePasswordChange(() =>
        HttpResponse.json({ code: 400, message: 'A jelszó legalább 8 karakter legyen.' }, { status: 400 }),
      )
      const { user } = await renderScreen([aStudent('Kovács Anna')])
      const input = await openEditor(user, 'Kovács Anna')
      await user.type(input, 'rovid')
      await user.click(screen.getByRole('button', { name: 'Mentés' }))
      expect(
        await screen.findByText('Hiba történt: A jelszó legalább 8 karakter legyen.'),
      ).toBeInTheDocument()
      expect(screen.getByLabelText(/^Új jelszó: Kovács Anna/)).toHaveValue('rovid')
      expect(screen.getByRole('button', { name: 'Mentés' })).toBeEnabled()
    })

    it('treats a 2xx answer whose code is not 200 as a failure with the server message', async () => {
      servePasswordChange(() => HttpResponse.json({ code: 404, message: 'Nincs ilyen diák.' }))
      const { user } = await renderScreen([aStudent('Kovács Anna')])
      await user.type(await openEditor(user, 'Kovács Anna'), 'Uj-jelszo-123')
      await user.click(screen.getByRole('button', { name: 'Mentés' }))
      expect(await screen.findByText('Hiba történt: Nincs ilyen diák.')).toBeInTheDocument()
    })

    it('shows "Hiba történt a jelszó módosítása során." when the network fails', async () => {
      servePasswordChange(() => HttpResponse.error())
      const { user } = await renderScreen([aStudent('Kovács Anna')])
      await user.type(await openEditor(user, 'Kovács Anna'), 'Uj-jelszo-123')
      await user.click(screen.getByRole('button', { name: 'Mentés' }))
      expect(await screen.findByText('Hiba történt a jelszó módosítása során.')).toBeInTheDocument()
    })
  })

  describe('with 5,000 students', () => {
    const many = () => Array.from({ length: 5000 }, (_, i) => aStudent(`Diák${i} Teszt${i}`))

    it('keeps the number of rows in the DOM bounded and tells assistive technology the full count', async () => {
      await renderScreen(many())
      expect(screen.getByText('5000 diák')).toBeInTheDocument()
      const rows = dataRows()
      expect(rows.length).toBeGreaterThan(5)
      expect(rows.length).toBeLessThanOrEqual(25)
      expect(screen.getByRole('table', { name: 'Diákok' })).toHaveAttribute('aria-rowcount', '5001')
      expect(rows[0]).toHaveAttribute('aria-rowindex', '2')
    })

    it('still searches the whole list, best match first', async () => {
      const students = many()
      students[4321] = aStudent('Kovács Anna')
      const { user } = await renderScreen(students)
      await user.type(screen.getByRole('searchbox'), 'kovacs anna')
      await waitFor(() => expect(dataRows()).toHaveLength(1))
      expect(dataRows()[0]).toHaveTextContent('Kovács Anna')
      await user.clear(screen.getByRole('searchbox'))
      await user.type(screen.getByRole('searchbox'), 'Teszt4999')
      await waitFor(() => expect(dataRows()[0]).toHaveTextContent('Diák4999 Teszt4999'))
    })
  })
})
