import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../test/render'
import { COPY_BY_HAND, COPY_FAILED, useCopyText } from './copy-text'

function CopyButton({ text }: { text: string }) {
  const { copy, dialog } = useCopyText('URL kimásolva a vágólapra!')
  return (
    <>
      <button type="button" onClick={() => copy(text)}>
        Másolás
      </button>
      {dialog}
    </>
  )
}

/** As a plain-http page has it: no `navigator.clipboard` (set after user-event attached its stub). */
function withoutClipboard() {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })
}

afterEach(() => vi.restoreAllMocks())

async function expectSelectedField(text: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Másolás' })
  expect(dialog).toHaveTextContent(COPY_BY_HAND)
  const field = screen.getByRole('textbox', { name: 'Másolandó szöveg' })
  expect(field).toHaveValue(text)
  expect(field).toHaveAttribute('readonly')
  await waitFor(() => expect(field).toHaveFocus())
  const input = field as HTMLInputElement
  expect([input.selectionStart, input.selectionEnd]).toEqual([0, text.length])
}

describe('useCopyText', () => {
  it('writes to the clipboard and toasts the success when the browser has the Clipboard API', async () => {
    const { user } = renderWithProviders(<CopyButton text="https://s.pelda.hu/orarend" />)
    await user.click(screen.getByRole('button', { name: 'Másolás' }))
    expect(await screen.findByText('URL kimásolva a vágólapra!')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe('https://s.pelda.hu/orarend')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('without the Clipboard API (plain http) shows the text focused and all selected in a read-only field', async () => {
    const { user } = renderWithProviders(<CopyButton text="https://s.pelda.hu/orarend" />)
    withoutClipboard()
    await user.click(screen.getByRole('button', { name: 'Másolás' }))
    await expectSelectedField('https://s.pelda.hu/orarend')
    // Not an error and not a success: nothing was copied yet.
    expect(screen.queryByText(COPY_FAILED)).not.toBeInTheDocument()
    expect(screen.queryByText('URL kimásolva a vágólapra!')).not.toBeInTheDocument()
    // A click elsewhere in the field selects everything again; 'Kész' closes the dialog.
    const field = screen.getByRole('textbox', { name: 'Másolandó szöveg' }) as HTMLInputElement
    field.setSelectionRange(2, 4)
    await user.click(field)
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length])
    await user.click(screen.getByRole('button', { name: 'Kész' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("says 'Hiba történt a másolás során.' when the clipboard refuses, and offers the selected field", async () => {
    const { user } = renderWithProviders(<CopyButton text="Abcdefgh2345" />)
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    await user.click(screen.getByRole('button', { name: 'Másolás' }))
    expect(await screen.findByText(COPY_FAILED)).toBeInTheDocument()
    await expectSelectedField('Abcdefgh2345')
  })
})
