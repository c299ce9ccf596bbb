import { screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { USERS_MESSAGES, type UserFeatureRow, type UserSummary } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { API, server } from '@/test/msw'
import { renderWithProviders } from '@/test/render'
import { stubScrollArea } from '@/test/scroll-area'
import UsersScreen from './users-screen'

stubScrollArea()

let nextId = 1
function aUser(name: string, overrides: Partial<UserSummary> = {}): UserSummary {
  const id = String(nextId++)
  return {
    id,
    name,
    username: name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\s+/g, '.'),
    type: 'teacher',
    mfa: false,
    disabled: false,
    oneTime: false,
    lastSignIn: null,
    ...overrides,
  }
}

function serveUsers(users: UserSummary[]) {
  server.use(http.get(`${API}/users`, () => HttpResponse.json({ users })))
}

const dataRows = () =>
  screen.getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0)

async function renderScreen(users: UserSummary[]) {
  serveUsers(users)
  const result = renderWithProviders(<UsersScreen />)
  if (users.length) await screen.findByRole('table', { name: 'Felhasználók' })
  return result
}

describe('Felhasználók', () => {
  it('shows the loading state, then the accounts with type, MFA, last sign-in and status', async () => {
    server.use(
      http.get(`${API}/users`, async () => {
        await delay(50)
        return HttpResponse.json({
          users: [
            aUser('Kovács Éva', { mfa: true, lastSignIn: '2026-11-20T08:15:00.000Z' }),
            aUser('Tóth Béla', { type: 'student', disabled: true }),
          ],
        })
      }),
    )
    renderWithProviders(<UsersScreen />)
    expect(await screen.findByText('Felhasználók betöltése...')).toBeInTheDocument()
    await screen.findByRole('table', { name: 'Felhasználók' })
    const [eva, bela] = dataRows()
    expect(eva).toHaveTextContent('Kovács Éva')
    expect(eva).toHaveTextContent('Oktató')
    expect(eva).toHaveTextContent('Be')
    expect(eva).toHaveTextContent('2026. 11. 20. 09:15')
    expect(eva).toHaveTextContent('Aktív')
    expect(bela).toHaveTextContent('Diák')
    expect(bela).toHaveTextContent('Még nem jelentkezett be')
    expect(bela).toHaveTextContent('Letiltva')
    expect(screen.getByText('2 felhasználó')).toBeInTheDocument()
  })

  it('shows the empty state', async () => {
    await renderScreen([])
    expect(await screen.findByText('Nincsenek felhasználók')).toBeInTheDocument()
  })

  it('says "Hiba történt a felhasználók betöltése közben." when the list fails', async () => {
    server.use(
      http.get(`${API}/users`, () => HttpResponse.json({ code: 500, message: 'x' }, { status: 500 })),
    )
    renderWithProviders(<UsersScreen />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Hiba történt a felhasználók betöltése közben.',
    )
  })

  it('searches fuzzily and filters by type', async () => {
    const { user } = await renderScreen([
      aUser('Kovács Éva'),
      aUser('Kovács Péter', { type: 'student' }),
      aUser('Nagy Anna', { type: 'admin' }),
    ])
    await user.type(screen.getByRole('searchbox', { name: /Keresés/ }), 'kovacs')
    await waitFor(() => expect(dataRows()).toHaveLength(2))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Típus szerinti szűrés' }), 'student')
    await waitFor(() => expect(dataRows()).toHaveLength(1))
    expect(dataRows()[0]).toHaveTextContent('Kovács Péter')
    expect(screen.getByText('1 találat / 3 felhasználó')).toBeInTheDocument()
    await user.clear(screen.getByRole('searchbox', { name: /Keresés/ }))
    await user.type(screen.getByRole('searchbox', { name: /Keresés/ }), 'zzzzzz')
    expect(await screen.findByText('Nincs találat')).toBeInTheDocument()
  })

  it('creates an account and shows its one-time password once, with copy and print', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post(`${API}/users`, async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(
          {
            code: 201,
            message: USERS_MESSAGES.created,
            user: aUser('Kiss Anna', { username: 'kiss.anna', type: 'student', oneTime: true }),
            password: 'Abcdefgh2345',
          },
          { status: 201 },
        )
      }),
    )
    const { user } = await renderScreen([aUser('Kovács Éva')])
    await user.click(screen.getByRole('button', { name: 'Új felhasználó' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új felhasználó' })
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(await within(dialog).findByText(USERS_MESSAGES.nameRequired)).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Név'), 'Kiss Anna')
    await user.type(within(dialog).getByLabelText('Felhasználónév'), 'kiss.anna')
    await user.selectOptions(within(dialog).getByLabelText('Típus'), 'student')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))

    const shown = await screen.findByRole('dialog', { name: 'Felhasználó létrehozva' })
    expect(bodies).toEqual([{ name: 'Kiss Anna', username: 'kiss.anna', type: 'student' }])
    expect(within(shown).getByTestId('one-time-password')).toHaveTextContent('Abcdefgh2345')
    expect(await screen.findByText(USERS_MESSAGES.created)).toBeInTheDocument()

    await user.click(within(shown).getByRole('button', { name: 'Másolás' }))
    expect(await navigator.clipboard.readText()).toBe('Abcdefgh2345')
    expect(await screen.findByText('Jelszó a vágólapra másolva.')).toBeInTheDocument()

    const print = vi.fn()
    const fake = { document: document.implementation.createHTMLDocument(''), focus: vi.fn(), print }
    const open = vi.spyOn(window, 'open').mockReturnValue(fake as unknown as Window)
    await user.click(within(shown).getByRole('button', { name: 'Nyomtatás' }))
    expect(print).toHaveBeenCalledOnce()
    expect(fake.document.body.textContent).toContain('Abcdefgh2345')
    expect(fake.document.body.textContent).toContain('kiss.anna')
    open.mockRestore()

    await user.click(within(shown).getByRole('button', { name: 'Kész' }))
    await waitFor(() => expect(screen.queryByText('Abcdefgh2345')).not.toBeInTheDocument())
  })

  it('over plain http (no Clipboard API) the one-time password shows selected in a field over the dialog', async () => {
    server.use(
      http.post(`${API}/users`, () =>
        HttpResponse.json(
          {
            code: 201,
            message: USERS_MESSAGES.created,
            user: aUser('Kiss Anna', { username: 'kiss.anna', type: 'student', oneTime: true }),
            password: 'Abcdefgh2345',
          },
          { status: 201 },
        ),
      ),
    )
    const { user } = await renderScreen([aUser('Kovács Éva')])
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })
    await user.click(screen.getByRole('button', { name: 'Új felhasználó' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új felhasználó' })
    await user.type(within(dialog).getByLabelText('Név'), 'Kiss Anna')
    await user.type(within(dialog).getByLabelText('Felhasználónév'), 'kiss.anna')
    await user.selectOptions(within(dialog).getByLabelText('Típus'), 'student')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))

    const shown = await screen.findByRole('dialog', { name: 'Felhasználó létrehozva' })
    await user.click(within(shown).getByRole('button', { name: 'Másolás' }))
    const copyDialog = await screen.findByRole('dialog', { name: 'Másolás' })
    const field = within(copyDialog).getByRole<HTMLInputElement>('textbox', { name: 'Másolandó szöveg' })
    expect(field).toHaveValue('Abcdefgh2345')
    await waitFor(() => expect(field).toHaveFocus())
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 12])
    // 'Kész' of the copy dialog closes only it: the password dialog stays.
    await user.click(within(copyDialog).getByRole('button', { name: 'Kész' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Másolás' })).not.toBeInTheDocument())
    expect(screen.getByRole('dialog', { name: 'Felhasználó létrehozva' })).toBeInTheDocument()
  })

  it('shows the server’s message when the username is taken', async () => {
    server.use(
      http.post(`${API}/users`, () =>
        HttpResponse.json({ code: 409, message: USERS_MESSAGES.usernameTaken }, { status: 409 }),
      ),
    )
    const { user } = await renderScreen([aUser('Kovács Éva')])
    await user.click(screen.getByRole('button', { name: 'Új felhasználó' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új felhasználó' })
    await user.type(within(dialog).getByLabelText('Név'), 'Kovács Éva')
    await user.type(within(dialog).getByLabelText('Felhasználónév'), 'kovacs.eva')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(await screen.findByText(USERS_MESSAGES.usernameTaken)).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Új felhasználó' })).toBeInTheDocument()
  })

  it('disables an account after a confirmation, and says why the last administrator cannot be', async () => {
    const eva = aUser('Kovács Éva')
    const admin = aUser('Nagy Anna', { type: 'admin' })
    const bodies: unknown[] = []
    server.use(
      http.put(`${API}/users/:id/status`, async ({ params, request }) => {
        bodies.push(await request.json())
        if (params.id === admin.id)
          return HttpResponse.json({ code: 409, message: USERS_MESSAGES.lastAdmin }, { status: 409 })
        return HttpResponse.json({
          code: 200,
          message: USERS_MESSAGES.disabled,
          user: { ...eva, disabled: true },
        })
      }),
    )
    const { user } = await renderScreen([eva, admin])
    await user.click(screen.getByRole('button', { name: 'Műveletek: Kovács Éva' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Letiltás' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Felhasználó letiltása' })
    expect(confirm).toHaveTextContent('Kovács Éva (kovacs.eva)')
    await user.click(within(confirm).getByRole('button', { name: 'Letiltás' }))
    expect(await screen.findByText(USERS_MESSAGES.disabled)).toBeInTheDocument()
    expect(bodies).toEqual([{ disabled: true }])

    await user.click(screen.getByRole('button', { name: 'Műveletek: Nagy Anna' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Letiltás' }))
    const second = await screen.findByRole('alertdialog', { name: 'Felhasználó letiltása' })
    await user.click(within(second).getByRole('button', { name: 'Letiltás' }))
    expect(await screen.findByText(USERS_MESSAGES.lastAdmin)).toBeInTheDocument()
  })

  it('resets a password and shows the new one-time password', async () => {
    const eva = aUser('Kovács Éva')
    server.use(
      http.post(`${API}/users/:id/password`, () =>
        HttpResponse.json({
          code: 200,
          message: USERS_MESSAGES.passwordReset,
          user: eva,
          password: 'Zyxwvuts2345',
        }),
      ),
    )
    const { user } = await renderScreen([eva])
    await user.click(screen.getByRole('button', { name: 'Műveletek: Kovács Éva' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Jelszó visszaállítása' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Jelszó visszaállítása' })
    await user.click(within(confirm).getByRole('button', { name: 'Visszaállítás' }))
    const shown = await screen.findByRole('dialog', { name: 'Új egyszer használatos jelszó' })
    expect(within(shown).getByTestId('one-time-password')).toHaveTextContent('Zyxwvuts2345')
    expect(await screen.findByText(USERS_MESSAGES.passwordReset)).toBeInTheDocument()
  })

  it('removes MFA only where it is on', async () => {
    const eva = aUser('Kovács Éva', { mfa: true })
    server.use(
      http.delete(`${API}/users/:id/mfa`, () =>
        HttpResponse.json({ code: 200, message: USERS_MESSAGES.mfaRemoved, user: { ...eva, mfa: false } }),
      ),
    )
    const { user } = await renderScreen([eva, aUser('Tóth Béla')])
    await user.click(screen.getByRole('button', { name: 'Műveletek: Tóth Béla' }))
    expect(
      await screen.findByRole('menuitem', { name: 'Többfaktoros hitelesítés kikapcsolása' }),
    ).toHaveAttribute('aria-disabled', 'true')
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Műveletek: Kovács Éva' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Többfaktoros hitelesítés kikapcsolása' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Többfaktoros hitelesítés kikapcsolása' })
    await user.click(within(confirm).getByRole('button', { name: 'Kikapcsolás' }))
    expect(await screen.findByText(USERS_MESSAGES.mfaRemoved)).toBeInTheDocument()
  })

  it('edits per-user features: the effective state follows the override and its dependencies, then saves', async () => {
    const eva = aUser('Kovács Éva')
    const feature = (id: string, roleDefault: boolean, dependencies: string[] = []): UserFeatureRow => ({
      id,
      roleDefault,
      override: null,
      dependencies,
      effective: roleDefault,
    })
    const saved: unknown[] = []
    server.use(
      http.get(`${API}/users/:id/features`, () =>
        HttpResponse.json({
          today: '2026-11-24',
          features: [
            feature('getAllClassrooms', true),
            feature('updateClassroom', true, ['getAllClassrooms']),
            feature('viewAuditLog', false),
          ],
        }),
      ),
      http.put(`${API}/users/:id/features`, async ({ request }) => {
        saved.push(await request.json())
        return HttpResponse.json({ code: 200, message: USERS_MESSAGES.featuresSaved })
      }),
    )
    const { user } = await renderScreen([eva])
    await user.click(screen.getByRole('button', { name: 'Műveletek: Kovács Éva' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Funkciók' }))
    const dialog = await screen.findByRole('dialog', { name: 'Funkciók: Kovács Éva' })
    expect(await within(dialog).findByLabelText('Terem módosítása: aktív')).toBeInTheDocument()
    expect(within(dialog).getByText(/feltétele: Tantermek listája/)).toBeInTheDocument()

    await user.selectOptions(within(dialog).getByLabelText('Felülbírálás: Tantermek listája'), 'off')
    expect(within(dialog).getByLabelText('Terem módosítása: inaktív')).toBeInTheDocument()
    await user.selectOptions(within(dialog).getByLabelText('Felülbírálás: Rendszernapló'), 'on')
    await user.type(within(dialog).getByLabelText('Kezdő dátum: Rendszernapló'), '2026-11-23')
    await user.type(within(dialog).getByLabelText('Záró dátum: Rendszernapló'), '2026-11-29')
    expect(within(dialog).getByLabelText('Rendszernapló: aktív')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
    expect(await screen.findByText(USERS_MESSAGES.featuresSaved)).toBeInTheDocument()
    expect(saved).toEqual([
      {
        overrides: [
          { id: 'getAllClassrooms', enabled: false, startDate: null, endDate: null },
          { id: 'viewAuditLog', enabled: true, startDate: '2026-11-23', endDate: '2026-11-29' },
        ],
      },
    ])
  })

  it('previews an import (new, exists, invalid and why), refuses to import with an invalid row', async () => {
    server.use(
      http.post(`${API}/users/import/preview`, () =>
        HttpResponse.json({
          rows: [
            { line: 2, type: 'student', name: 'Új Diák', username: 'uj.diak', outcome: 'new' },
            {
              line: 3,
              type: 'student',
              name: 'Meglévő',
              username: 'meglevo',
              outcome: 'exists',
              reason: 'Már létezik',
            },
            {
              line: 4,
              type: 'robot',
              name: 'Gép',
              username: 'gep',
              outcome: 'invalid',
              reason: "Ismeretlen típus: 'robot'",
            },
          ],
        }),
      ),
    )
    const { user } = await renderScreen([aUser('Kovács Éva')])
    await user.click(screen.getByRole('button', { name: 'Importálás' }))
    const dialog = await screen.findByRole('dialog', { name: 'Felhasználók importálása' })
    const file = new File(['type,name,username\n'], 'diakok.csv', { type: 'text/csv' })
    await user.upload(within(dialog).getByLabelText('Importálandó fájl (.xlsx vagy .csv)'), file)
    expect(await within(dialog).findByText('1 új, 1 már létezik, 1 hibás sor.')).toBeInTheDocument()
    expect(within(dialog).getByText("Ismeretlen típus: 'robot'")).toBeInTheDocument()
    // Types in the app's words; an unknown one as the file wrote it.
    const cells = (name: string) =>
      within(within(dialog).getByRole('cell', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    expect(cells('Új Diák')).toEqual(['2', 'Új Diák', 'uj.diak', 'Diák', 'Új'])
    expect(cells('Gép')[3]).toBe('robot')
    expect(within(dialog).queryByText('student')).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Importálás' })).toBeDisabled()
  })

  it('imports a clean file and lists the new one-time passwords for printing', async () => {
    const sent: unknown[] = []
    server.use(
      http.post(`${API}/users/import/preview`, () =>
        HttpResponse.json({
          rows: [{ line: 2, type: 'student', name: 'Új Diák', username: 'uj.diak', outcome: 'new' }],
        }),
      ),
      http.post(`${API}/users/import`, async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json(
          {
            code: 201,
            message: '1 felhasználó létrehozva.',
            created: [{ name: 'Új Diák', username: 'uj.diak', type: 'student', password: 'Qwertyui2345' }],
            skipped: 0,
          },
          { status: 201 },
        )
      }),
    )
    const { user } = await renderScreen([aUser('Kovács Éva')])
    await user.click(screen.getByRole('button', { name: 'Importálás' }))
    const dialog = await screen.findByRole('dialog', { name: 'Felhasználók importálása' })
    const file = new File(['type,name,username\nstudent,Új Diák,uj.diak\n'], 'diakok.csv', {
      type: 'text/csv',
    })
    await user.upload(within(dialog).getByLabelText('Importálandó fájl (.xlsx vagy .csv)'), file)
    await within(dialog).findByText('1 új, 0 már létezik, 0 hibás sor.')
    await user.click(within(dialog).getByRole('button', { name: 'Importálás' }))
    expect(await within(dialog).findByText('Qwertyui2345')).toBeInTheDocument()
    expect(await screen.findByText('1 felhasználó létrehozva.')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    const { fileName, content } = sent[0] as { fileName: string; content: string }
    expect(fileName).toBe('diakok.csv')
    const bytes = Uint8Array.from(atob(content), (c) => c.charCodeAt(0))
    expect(new TextDecoder().decode(bytes)).toBe('type,name,username\nstudent,Új Diák,uj.diak\n')
    expect(within(dialog).getByRole('button', { name: 'Jelszólap nyomtatása' })).toBeInTheDocument()
  })

  it('shows how far a large import is while the server hashes, then the new passwords', async () => {
    const accepts: (string | null)[] = []
    const encoder = new TextEncoder()
    let push: (text: string) => void = () => {}
    let end: () => void = () => {}
    server.use(
      http.post(`${API}/users/import/preview`, () =>
        HttpResponse.json({
          rows: [1, 2, 3].map((n) => ({
            line: n + 1,
            type: 'student',
            name: `Diák ${n}`,
            username: `diak.${n}`,
            outcome: 'new',
          })),
        }),
      ),
      http.post(`${API}/users/import`, ({ request }) => {
        accepts.push(request.headers.get('accept'))
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text))
            end = () => controller.close()
          },
        })
        return new HttpResponse(body, { headers: { 'Content-Type': 'application/x-ndjson' } })
      }),
    )
    const { user } = await renderScreen([aUser('Kovács Éva')])
    await user.click(screen.getByRole('button', { name: 'Importálás' }))
    const dialog = await screen.findByRole('dialog', { name: 'Felhasználók importálása' })
    const file = new File(['type,name,username\n'], 'diakok.csv', { type: 'text/csv' })
    await user.upload(within(dialog).getByLabelText('Importálandó fájl (.xlsx vagy .csv)'), file)
    await within(dialog).findByText('3 új, 0 már létezik, 0 hibás sor.')
    await user.click(within(dialog).getByRole('button', { name: 'Importálás' }))
    expect(await within(dialog).findByText('Feltöltés és ellenőrzés…')).toBeInTheDocument()
    await waitFor(() => expect(accepts).toHaveLength(1))
    expect(accepts[0]).toContain('application/x-ndjson')

    push('{"phase":"hash","done":0,"total":3}\n{"phase":"hash","done":2,')
    expect(await within(dialog).findByText('Jelszavak előkészítése: 0 / 3')).toBeInTheDocument()
    push('"total":3}\n')
    expect(await within(dialog).findByText('Jelszavak előkészítése: 2 / 3')).toBeInTheDocument()
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', String((2 / 3) * 100))
    // Another file cannot be chosen meanwhile (the preview the import runs on stays).
    expect(within(dialog).getByLabelText('Importálandó fájl (.xlsx vagy .csv)')).toBeDisabled()
    push('{"phase":"hash","done":3,"total":3}\n{"phase":"write","total":3}\n')
    expect(await within(dialog).findByText('Mentés…')).toBeInTheDocument()
    const created = [1, 2, 3].map((n) => ({
      name: `Diák ${n}`,
      username: `diak.${n}`,
      type: 'student',
      password: `Jelszo${n}abcdef`,
    }))
    push(
      `${JSON.stringify({ phase: 'result', status: 201, body: { code: 201, message: '3 felhasználó létrehozva.', created, skipped: 0 } })}\n`,
    )
    end()
    expect(await within(dialog).findByText('Jelszo3abcdef')).toBeInTheDocument()
    expect(await screen.findByText('3 felhasználó létrehozva.')).toBeInTheDocument()
    expect(within(dialog).queryByText('Mentés…')).not.toBeInTheDocument()
  })

  it('says why a streamed import was refused (its result line’s 409), and keeps the preview', async () => {
    server.use(
      http.post(`${API}/users/import/preview`, () =>
        HttpResponse.json({
          rows: [{ line: 2, type: 'student', name: 'Új Diák', username: 'uj.diak', outcome: 'new' }],
        }),
      ),
      http.post(
        `${API}/users/import`,
        () =>
          new HttpResponse(
            [
              '{"phase":"hash","done":0,"total":1}',
              '{"phase":"hash","done":1,"total":1}',
              '{"phase":"write","total":1}',
              JSON.stringify({
                phase: 'result',
                status: 409,
                body: { code: 409, message: USERS_MESSAGES.importTaken.replace('{username}', 'uj.diak') },
              }),
              '',
            ].join('\n'),
            { headers: { 'Content-Type': 'application/x-ndjson' } },
          ),
      ),
    )
    const { user } = await renderScreen([aUser('Kovács Éva')])
    await user.click(screen.getByRole('button', { name: 'Importálás' }))
    const dialog = await screen.findByRole('dialog', { name: 'Felhasználók importálása' })
    const file = new File(['type,name,username\n'], 'diakok.csv', { type: 'text/csv' })
    await user.upload(within(dialog).getByLabelText('Importálandó fájl (.xlsx vagy .csv)'), file)
    await within(dialog).findByText('1 új, 0 már létezik, 0 hibás sor.')
    await user.click(within(dialog).getByRole('button', { name: 'Importálás' }))
    expect(
      await screen.findByText(USERS_MESSAGES.importTaken.replace('{username}', 'uj.diak')),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('table', { name: 'Import előnézet' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('downloads the list as .xlsx, and says so when the export fails', async () => {
    let fail = false
    server.use(
      http.get(`${API}/users/export.xlsx`, () =>
        fail
          ? HttpResponse.json({ code: 500, message: 'x' }, { status: 500 })
          : new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
              headers: {
                'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              },
            }),
      ),
    )
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:felhasznalok')
    const clicked: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download)
    })
    const { user } = await renderScreen([aUser('Kovács Éva')])
    await user.click(screen.getByRole('button', { name: 'Exportálás' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0]).toMatch(/^felhasznalok-\d{4}-\d{2}-\d{2}\.xlsx$/)
    fail = true
    await user.click(screen.getByRole('button', { name: 'Exportálás' }))
    expect(await screen.findByText('Hiba történt az exportálás közben.')).toBeInTheDocument()
    created.mockRestore()
    click.mockRestore()
  })

  it('has no serious or critical axe violation on the list and in the create dialog', async () => {
    document.documentElement.lang = 'hu'
    const { user } = await renderScreen([
      aUser('Kovács Éva', { mfa: true }),
      aUser('Tóth Béla', { disabled: true }),
    ])
    expect(await seriousViolations()).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Új felhasználó' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új felhasználó' })
    expect(await seriousViolations(dialog)).toEqual([])
  })
})

async function seriousViolations(context: Element = document.body) {
  const results = await axe.run(context, { resultTypes: ['violations'] })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

describe('Felhasználók offline (issue 18)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('disables Új felhasználó, Importálás and the row actions and says why; export stays', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    const { user } = await renderScreen([aUser('Kiss Anna')])
    expect(screen.getByText(MESSAGES.usersWritesOffline)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Új felhasználó/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: /Importálás/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: /Exportálás/ })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Műveletek: Kiss Anna' }))
    expect(await screen.findByRole('menuitem', { name: 'Jelszó visszaállítása' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  })
})
