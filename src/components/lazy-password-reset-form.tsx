/**
 * The inline password form (password-reset-form.tsx) loaded on demand: its form library (~90 kB) stays off the path
 * of Kezdőlap and Diákok, whose rows show the form only after a tap. Those screens preload it once idle, so the tap
 * finds it loaded.
 */
import { Spinner } from '@chakra-ui/react'
import { Suspense } from 'react'
import { preloadable } from '@/lib/preloadable'
import type { PasswordResetFormProps } from './password-reset-form'

const Form = preloadable<PasswordResetFormProps>(() =>
  import('./password-reset-form').then((module) => module.PasswordResetForm),
)

/** Loads the form's code (a failed load is tried again by the tap). */
export function preloadPasswordResetForm(): void {
  Form.preload().catch(() => undefined)
}

export function LazyPasswordResetForm(props: PasswordResetFormProps) {
  return (
    <Suspense fallback={<Spinner size="sm" aria-label="Jelszó űrlap betöltése..." />}>
      <Form {...props} />
    </Suspense>
  )
}
