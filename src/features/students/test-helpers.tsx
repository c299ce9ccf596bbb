/** Test-only helpers of the students screen: a student factory and a render with the app's providers. */
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import type { Student } from '../../../contract/api'
import { ChakraRoot } from '../../components/chakra-root'
import { AppProviders } from '../../app/providers'
import { createQueryClient } from '../../lib/query-client'

let nextId = 1

/** A student; the username derives from the name unless given. */
export function aStudent(name: string, overrides: Partial<Student> = {}): Student {
  const id = String(nextId++)
  const username =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/\s+/)
      .join('.') + id
  return { id, name, username, ...overrides }
}

/** Renders `ui` inside Chakra, a fresh query client (no retries) and the toaster, like the app does. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient({ retry: false })
  return {
    queryClient,
    ...render(
      <AppProviders queryClient={queryClient}>
        <ChakraRoot>{ui}</ChakraRoot>
      </AppProviders>,
    ),
  }
}
