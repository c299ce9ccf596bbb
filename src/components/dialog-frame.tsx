/**
 * The frame every modal dialog of the app shares (Chakra's dialog): title, optional description, body, footer,
 * optional × in the corner. Escape, the backdrop and the × call `onClose`; focus is trapped while open; the content
 * mounts on opening and unmounts after closing. `FormDialog` (a form) and `InfoDialog` (a result to read) build on it.
 */
import { chakra, CloseButton, Dialog, Portal } from '@chakra-ui/react'
import type { FormEvent, ReactNode } from 'react'

export interface DialogFrameProps {
  open: boolean
  title: string
  description?: string
  onClose: () => void
  /** After the closing animation: reset what the dialog held here. */
  onExitComplete?: () => void
  /** 'xl' for a wide dialog (a table, a feature list); the body then scrolls inside the dialog. */
  size?: 'md' | 'xl'
  /** The gap between the body's parts (Chakra spacing token). */
  gap?: '3' | '4'
  /** Show the × in the corner. */
  closeButton?: boolean
  /** Wraps header, body and footer in a `<form>` that calls this on submit (Enter, a `type="submit"` button). */
  onSubmit?: () => void
  footer: ReactNode
  children: ReactNode
}

export function DialogFrame({
  open,
  title,
  description,
  onClose,
  onExitComplete,
  size,
  gap = '4',
  closeButton,
  onSubmit,
  footer,
  children,
}: DialogFrameProps) {
  const parts = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap={gap}>
        {description && <Dialog.Description>{description}</Dialog.Description>}
        {children}
      </Dialog.Body>
      <Dialog.Footer>{footer}</Dialog.Footer>
      {closeButton && (
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label="Bezárás" />
        </Dialog.CloseTrigger>
      )}
    </>
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit?.()
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      onExitComplete={onExitComplete}
      size={size}
      scrollBehavior={size === 'xl' ? 'inside' : undefined}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {onSubmit ? (
              // A column like the content itself, so that a body scrolling inside keeps header and footer in view.
              <chakra.form
                onSubmit={submit}
                noValidate
                display="flex"
                flexDirection="column"
                flex="1"
                minH="0"
              >
                {parts}
              </chakra.form>
            ) : (
              parts
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
