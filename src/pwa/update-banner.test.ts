import { screen } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { showUpdateBanner } from './update-banner'

describe('update banner', () => {
  let remove: (() => void) | undefined
  afterEach(() => remove?.())

  it('announces "Új verzió érhető el" and asks for the update only on "Frissítés"', async () => {
    const onUpdate = vi.fn()
    remove = showUpdateBanner({ onUpdate })
    expect(screen.getByRole('status')).toHaveTextContent('Új verzió érhető el')
    expect(onUpdate).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('button', { name: 'Frissítés' }))
    expect(onUpdate).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Frissítés' })).toBeDisabled()
  })

  it('can be dismissed with "Később"', async () => {
    remove = showUpdateBanner({ onUpdate: vi.fn() })
    await userEvent.click(screen.getByRole('button', { name: 'Később' }))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('shows one banner however often a worker waits', () => {
    remove = showUpdateBanner({ onUpdate: vi.fn() })
    showUpdateBanner({ onUpdate: vi.fn() })
    expect(screen.getAllByRole('status')).toHaveLength(1)
  })
})
