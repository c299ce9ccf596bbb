/**
 * A dialog holding one form: title, optional description, fields, a footer of buttons. Escape, the backdrop and
 * the close button call `onClose`; Enter submits; focus is trapped while open (Chakra's dialog).
 */
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react'
import type { FormEvent, ReactNode } from 'react'

export interface FormDialogProps {
  open: boolean
  title: string
  description?: string
  onClose: () => void
  onSubmit: () => void
  /** After the closing animation: reset the form here. */
  onExitComplete?: () => void
  /** The submit button's label; the standard footer is 'Mégsem' (or `cancelLabel`) and this button. */
  submitLabel?: string
  cancelLabel?: string
  /** The submit button spins while the form is being saved. */
  busy?: boolean
  /** Other buttons instead of the standard footer; one of them should be `type="submit"`. */
  footer?: ReactNode
  /** Show the × in the corner (dialogs without a cancel button). */
  closeButton?: boolean
  children: ReactNode
}

export function FormDialog({
  open,
  title,
  description,
  onClose,
  onSubmit,
  onExitComplete,
  submitLabel,
  cancelLabel = 'Mégsem',
  busy = false,
  footer,
  closeButton,
  children,
}: FormDialogProps) {
  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit()
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      onExitComplete={onExitComplete}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" flexDirection="column" gap="4">
                {description && <Dialog.Description>{description}</Dialog.Description>}
                {children}
              </Dialog.Body>
              <Dialog.Footer>
                {footer ?? (
                  <>
                    <Button variant="outline" onClick={onClose}>
                      {cancelLabel}
                    </Button>
                    <Button type="submit" colorPalette="blue" loading={busy}>
                      {submitLabel}
                    </Button>
                  </>
                )}
              </Dialog.Footer>
              {closeButton && (
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Bezárás" />
                </Dialog.CloseTrigger>
              )}
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
