/** 'Jelszó módosítása' in Beállítások › Profil (issue 11): every message, the request, success and failures. */
import { screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@contract/messages'
import { PASSWORD_MESSAGES } from '@contract/password-rule'
import { page } from '@/lib/page'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import { OwnPasswordForm } from './own-password-form'

vi.mock('@/lib/offline/user-data', () => ({
  wipeUserData: async () => {},
  registerQueryClientForWipe: () => {},
}))

beforeEach(() => {
  vi.spyOn(page, 'reload').mockImplementation(() => {})
  signIn()
})
afterEach(() => vi.restoreAllMocks())

/** Records POST /auth/password bodies and answers with `body` and `status`. */
function answer(body: object, status = 200) {
  const sent: unknown[] = []
  server.use(
    http.post(`${API}/auth/password`, async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json(body, { status })
    }),
  )
  return sent
}

function renderForm() {
  const view = renderWithProviders(<OwnPasswordForm />)
  const form = screen.getByRole('form', { name: 'Jelszó módosítása' })
  const fill = async (current: string, next: string, again: string) => {
    if (current) await view.user.type(within(form).getByLabelText('Jelenlegi jelszó'), current)
    if (next) await view.user.type(within(form).getByLabelText('Új jelszó'), next)
    if (again) await view.user.type(within(form).getByLabelText('Új jelszó még egyszer'), again)
    await view.user.click(within(form).getByRole('button', { name: 'Jelszó módosítása' }))
  }
  return { ...view, form, fill }
}

describe('OwnPasswordForm', () => {
  it('shows its heading, the rule and three password fields', () => {
    const { form } = renderForm()
    expect(screen.getByRole('heading', { name: 'Jelszó módosítása' })).toBeInTheDocument()
    expect(screen.getByText(/Legalább 8 karakter/)).toBeInTheDocument()
    for (const label of ['Jelenlegi jelszó', 'Új jelszó', 'Új jelszó még egyszer'])
      expect(within(form).getByLabelText(label)).toHaveAttribute('type', 'password')
  })

  it('names every empty field and sends nothing', async () => {
    const sent = answer({ code: 200, message: PASSWORD_MESSAGES.changedOthersEnded })
    const { fill } = renderForm()
    await fill('', '', '')
    expect(await screen.findByText(PASSWORD_MESSAGES.currentRequired)).toBeInTheDocument()
    expect(screen.getByText(PASSWORD_MESSAGES.newRequired)).toBeInTheDocument()
    expect(screen.getByText(PASSWORD_MESSAGES.confirmRequired)).toBeInTheDocument()
    expect(sent).toEqual([])
  })

  it('says the length rule and a mismatch before sending', async () => {
    const sent = answer({ code: 200, message: PASSWORD_MESSAGES.changedOthersEnded })
    const { fill, form, user } = renderForm()
    await fill('regi-jelszo', 'rovid', 'rovid')
    expect(await screen.findByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument()
    await user.clear(within(form).getByLabelText('Új jelszó'))
    await user.type(within(form).getByLabelText('Új jelszó'), 'Tavaszi-szel-vizet-araszt')
    await user.click(within(form).getByRole('button', { name: 'Jelszó módosítása' }))
    expect(await screen.findByText(PASSWORD_MESSAGES.mismatch)).toBeInTheDocument()
    expect(sent).toEqual([])
  })

  it('sends the current and the new password, toasts the answer and empties the form', async () => {
    const sent = answer({ code: 200, message: PASSWORD_MESSAGES.changedOthersEnded })
    const { fill, form } = renderForm()
    await fill('regi-jelszo', 'Tavaszi-szel-vizet-araszt', 'Tavaszi-szel-vizet-araszt')
    expect(await screen.findByText(PASSWORD_MESSAGES.changedOthersEnded)).toBeInTheDocument()
    expect(sent).toEqual([{ currentPassword: 'regi-jelszo', newPassword: 'Tavaszi-szel-vizet-araszt' }])
    await waitFor(() => expect(within(form).getByLabelText('Jelenlegi jelszó')).toHaveValue(''))
    expect(within(form).getByLabelText('Új jelszó')).toHaveValue('')
  })

  it("says 'Mentés...' and is disabled while saving", async () => {
    server.use(
      http.post(`${API}/auth/password`, async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const { fill, form } = renderForm()
    await fill('regi-jelszo', 'Tavaszi-szel-vizet-araszt', 'Tavaszi-szel-vizet-araszt')
    expect(await within(form).findByRole('button', { name: 'Mentés...' })).toBeDisabled()
  })

  it('shows a wrong current password under that field, and keeps what was typed', async () => {
    answer({ code: 400, message: PASSWORD_MESSAGES.currentWrong }, 400)
    const { fill, form } = renderForm()
    await fill('rossz', 'Tavaszi-szel-vizet-araszt', 'Tavaszi-szel-vizet-araszt')
    const current = within(form).getByLabelText('Jelenlegi jelszó')
    expect(await screen.findByText(PASSWORD_MESSAGES.currentWrong)).toBeInTheDocument()
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'))
    expect(within(form).getByLabelText('Új jelszó')).toHaveValue('Tavaszi-szel-vizet-araszt')
  })

  it.each([PASSWORD_MESSAGES.tooWeak, PASSWORD_MESSAGES.sameAsCurrent])(
    'shows the refusal "%s" under the new password',
    async (message) => {
      answer({ code: 400, message }, 400)
      const { fill, form } = renderForm()
      await fill('regi-jelszo', 'password1', 'password1')
      expect(await screen.findByText(message)).toBeInTheDocument()
      await waitFor(() =>
        expect(within(form).getByLabelText('Új jelszó')).toHaveAttribute('aria-invalid', 'true'),
      )
    },
  )

  it('shows throttling, a server error and a lost connection above the form', async () => {
    answer({ code: 429, message: MESSAGES.throttled }, 429)
    const { fill, form, user } = renderForm()
    await fill('regi-jelszo', 'Tavaszi-szel-vizet-araszt', 'Tavaszi-szel-vizet-araszt')
    expect(await screen.findByText(MESSAGES.throttled)).toBeInTheDocument()

    server.use(http.post(`${API}/auth/password`, () => new HttpResponse('boom', { status: 500 })))
    await user.click(within(form).getByRole('button', { name: 'Jelszó módosítása' }))
    expect(await screen.findByText(PASSWORD_MESSAGES.changeFailed)).toBeInTheDocument()

    server.use(http.post(`${API}/auth/password`, () => HttpResponse.error()))
    await user.click(within(form).getByRole('button', { name: 'Jelszó módosítása' }))
    expect(await screen.findByText('Hiba történt a kapcsolat során.')).toBeInTheDocument()
  })
})
