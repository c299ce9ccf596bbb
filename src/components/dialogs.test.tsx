import { Type } from '@sinclair/typebox'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../test/render'
import { ConfirmDialog } from './confirm-dialog'
import { InfoDialog } from './info-dialog'
import { TextDialog } from './text-dialog'

function renderText(onSave: (text: string) => Promise<void>, onClose = vi.fn()) {
  const rendered = renderWithProviders(
    <TextDialog
      open
      title="Új szöveg"
      description="Leírás"
      label="Szöveg"
      submitLabel="Mentés"
      rule={Type.String({ minLength: 1, maxLength: 10 })}
      emptyMessage="Üres!"
      tooLongMessage="Túl hosszú!"
      onClose={onClose}
      onSave={onSave}
    />,
  )
  return { ...rendered, onClose }
}

describe('TextDialog', () => {
  it('refuses a text of spaces and one over the rule, and saves nothing', async () => {
    const onSave = vi.fn(() => Promise.resolve())
    const { user } = renderText(onSave)
    const dialog = await screen.findByRole('dialog', { name: 'Új szöveg' })
    expect(within(dialog).getByText('Leírás')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Szöveg'), '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
    expect(await within(dialog).findByText('Üres!')).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText('Szöveg'))
    await user.type(within(dialog).getByLabelText('Szöveg'), 'x'.repeat(11))
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
    expect(await within(dialog).findByText('Túl hosszú!')).toBeInTheDocument()
    expect(onSave).not.toHaveBeenCalled()
  })

  it('saves the trimmed text and closes; when saving fails it stays open with the text', async () => {
    const onSave = vi.fn(() => Promise.resolve())
    const { user, onClose } = renderText(onSave)
    const dialog = await screen.findByRole('dialog', { name: 'Új szöveg' })
    await user.type(within(dialog).getByLabelText('Szöveg'), '  szia  ')
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(onSave).toHaveBeenCalledWith('szia')

    onSave.mockRejectedValueOnce(new Error('outbox'))
    onClose.mockClear()
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Mentés' })).toBeEnabled())
    expect(onClose).not.toHaveBeenCalled()
    expect(within(dialog).getByLabelText('Szöveg')).toHaveValue('  szia  ')
  })
})

describe('InfoDialog', () => {
  it("shows its actions before 'Kész'; 'Kész' and the × close it", async () => {
    const onClose = vi.fn()
    const { user } = renderWithProviders(
      <InfoDialog
        open
        title="Eredmény"
        description="Csak most látod."
        onClose={onClose}
        actions={<button>Másolás</button>}
      >
        <p>titok</p>
      </InfoDialog>,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Eredmény' })
    expect(within(dialog).getByText('titok')).toBeInTheDocument()
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent || b.getAttribute('aria-label'))
    expect(buttons).toEqual(['Másolás', 'Kész', 'Bezárás'])
    await user.click(within(dialog).getByRole('button', { name: 'Kész' }))
    await user.click(within(dialog).getByRole('button', { name: 'Bezárás' }))
    expect(onClose).toHaveBeenCalledTimes(2)
  })
})

describe('ConfirmDialog', () => {
  function renderConfirm(busy: boolean) {
    const onCancel = vi.fn()
    const onConfirm = vi.fn()
    const rendered = renderWithProviders(
      <ConfirmDialog
        open
        title="Terem törlése"
        question="Biztosan törölni szeretnéd ezt a termet?"
        subject="12. terem"
        note="Ez a művelet visszavonhatatlan."
        confirmLabel="Törlés megerősítése"
        busy={busy}
        onCancel={onCancel}
        onConfirm={onConfirm}
      />,
    )
    return { ...rendered, onCancel, onConfirm }
  }

  it("is an alertdialog described by the question; Escape and 'Mégsem' cancel, the red button confirms", async () => {
    const { user, onCancel, onConfirm } = renderConfirm(false)
    const dialog = await screen.findByRole('alertdialog', { name: 'Terem törlése' })
    expect(dialog).toHaveAccessibleDescription('Biztosan törölni szeretnéd ezt a termet?')
    expect(within(dialog).getByText('12. terem')).toBeInTheDocument()
    expect(within(dialog).getByText('Ez a művelet visszavonhatatlan.')).toBeInTheDocument()
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mégsem', 'Törlés megerősítése'])
    await user.click(within(dialog).getByRole('button', { name: 'Törlés megerősítése' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    await user.click(within(dialog).getByRole('button', { name: 'Mégsem' }))
    await user.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalledTimes(2)
  })

  it("cannot be cancelled while busy: Escape does nothing and 'Mégsem' is disabled", async () => {
    const { user, onCancel } = renderConfirm(true)
    const dialog = await screen.findByRole('alertdialog', { name: 'Terem törlése' })
    expect(within(dialog).getByRole('button', { name: 'Mégsem' })).toBeDisabled()
    await user.keyboard('{Escape}')
    expect(onCancel).not.toHaveBeenCalled()
  })
})
