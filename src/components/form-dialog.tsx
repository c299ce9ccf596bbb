/**
 * A dialog holding one form: title, optional description, fields, a footer of buttons. Escape, the backdrop and
 * the close button call `onClose`; Enter submits; focus is trapped while open (Chakra's dialog, in `DialogFrame`).
 */
import { Button } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { DialogFrame, type DialogFrameProps } from './dialog-frame'

export interface FormDialogProps extends Pick<
  DialogFrameProps,
  'open' | 'title' | 'description' | 'onClose' | 'onExitComplete' | 'size' | 'gap'
> {
  onSubmit: () => void
  /** The submit button's label; the standard footer is 'Mégsem' (or `cancelLabel`) and this button. */
  submitLabel?: string
  cancelLabel?: string
  /** The submit button spins while the form is being saved. */
  busy?: boolean
  /** The standard submit button is disabled (e.g. while there is nothing to save yet). */
  submitDisabled?: boolean
  /** Other buttons instead of the standard footer; one of them should be `type="submit"`. */
  footer?: ReactNode
  /** Show the × in the corner (dialogs without a cancel button). */
  closeButton?: boolean
  children: ReactNode
}

export function FormDialog({
  onSubmit,
  submitLabel,
  cancelLabel = 'Mégsem',
  busy = false,
  submitDisabled,
  footer,
  children,
  ...frame
}: FormDialogProps) {
  return (
    <DialogFrame
      {...frame}
      onSubmit={onSubmit}
      footer={
        footer ?? (
          <>
            <Button variant="outline" onClick={frame.onClose}>
              {cancelLabel}
            </Button>
            <Button type="submit" colorPalette="blue" loading={busy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </>
        )
      }
    >
      {children}
    </DialogFrame>
  )
}
