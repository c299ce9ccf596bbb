/**
 * The frame every modal dialog of the app shares (Chakra's dialog): title, optional subtitle and description, body,
 * optional footer, optional × in the corner. Escape, the backdrop and the × call `onClose`; focus is trapped while
 * open; the content mounts on opening and unmounts after closing. `FormDialog` (a form), `InfoDialog` (a result to
 * read), `ConfirmDialog` (an alertdialog) and the room and seating editors build on it.
 */
import { chakra, CloseButton, Dialog, Portal } from '@chakra-ui/react'
import type { FormEvent, ReactNode } from 'react'

export interface DialogFrameProps {
  open: boolean
  title: string
  /** A line under the title (a status, what the dialog is about); the header becomes a column. */
  subtitle?: ReactNode
  description?: string
  onClose: () => void
  /** After the closing animation: reset what the dialog held here. */
  onExitComplete?: () => void
  /** Before Escape closes the dialog; `event.preventDefault()` keeps it open (a pick or a move to cancel first). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void
  /** 'alertdialog' for a confirmation before a destructive action. */
  role?: 'dialog' | 'alertdialog'
  /**
   * 'xl' for a wide dialog (a table, a feature list), 'cover' for an editor nearly as large as the screen; with
   * either the body scrolls inside the dialog.
   */
  size?: 'md' | 'xl' | 'cover'
  /** The whole screen below `md` (a phone), `size` from `md` on. */
  fullScreenOnPhone?: boolean
  /** The gap between the body's parts (Chakra spacing token). */
  gap?: '2' | '3' | '4'
  /** Show the × in the corner. */
  closeButton?: boolean
  /** Wraps header, body and footer in a `<form>` that calls this on submit (Enter, a `type="submit"` button). */
  onSubmit?: () => void
  /** No footer when absent. */
  footer?: ReactNode
  /** The footer's buttons wrap onto another line in a narrow window, closer together (gap 2 instead of 3). */
  footerWrap?: boolean
  children: ReactNode
}

export function DialogFrame({
  open,
  title,
  subtitle,
  description,
  onClose,
  onExitComplete,
  onEscapeKeyDown,
  role,
  size,
  fullScreenOnPhone,
  gap = '4',
  closeButton,
  onSubmit,
  footer,
  footerWrap,
  children,
}: DialogFrameProps) {
  const parts = (
    <>
      {subtitle ? (
        // The × would cover the end of a long subtitle: the header keeps clear of it.
        <Dialog.Header
          flexDirection="column"
          alignItems="flex-start"
          gap="1"
          pe={closeButton ? '14' : undefined}
        >
          <Dialog.Title>{title}</Dialog.Title>
          {subtitle}
        </Dialog.Header>
      ) : (
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
      )}
      <Dialog.Body display="flex" flexDirection="column" gap={gap}>
        {description && <Dialog.Description>{description}</Dialog.Description>}
        {children}
      </Dialog.Body>
      {footer &&
        (footerWrap ? (
          <Dialog.Footer flexWrap="wrap" gap="2">
            {footer}
          </Dialog.Footer>
        ) : (
          <Dialog.Footer>{footer}</Dialog.Footer>
        ))}
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
      role={role}
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      onExitComplete={onExitComplete}
      onEscapeKeyDown={onEscapeKeyDown}
      size={fullScreenOnPhone ? { base: 'full', md: size ?? 'md' } : size}
      scrollBehavior={size === 'xl' || size === 'cover' ? 'inside' : undefined}
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
