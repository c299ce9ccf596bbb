/**
 * The confirmation before a destructive action (an `alertdialog`): the spec's question as its description, what it
 * is about in bold, an optional muted second sentence, 'Mégsem' and a red confirm button that shows progress. Open
 * while `open`; Escape, the backdrop and 'Mégsem' all cancel, and cancelling is disabled while `busy`.
 */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  /** The question, e.g. 'Biztosan törölni szeretnéd ezt a termet?'. */
  question: string
  /** What the action is about (a room's name, a domain), shown in bold under the question. */
  subject?: string
  /** A second, muted sentence, e.g. 'Ez a művelet visszavonhatatlan.'. */
  note?: string
  confirmLabel: string
  busy: boolean
  onCancel: () => void
  onConfirm: () => void
}

export function ConfirmDialog({
  open,
  title,
  question,
  subject,
  note,
  confirmLabel,
  busy,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel()
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="2">
              <Dialog.Description>{question}</Dialog.Description>
              {subject && (
                <Text fontWeight="semibold" wordBreak="break-word">
                  {subject}
                </Text>
              )}
              {note && <Text color="fg.muted">{note}</Text>}
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                Mégsem
              </Button>
              <Button colorPalette="red" loading={busy} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
