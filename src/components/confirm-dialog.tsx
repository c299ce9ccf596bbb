/**
 * The confirmation before a destructive action (an `alertdialog`): the spec's question as its description, what it
 * is about in bold, an optional muted second sentence, 'Mégsem' and a red confirm button that shows progress. Open
 * while `open`; Escape, the backdrop and 'Mégsem' all cancel, and cancelling is disabled while `busy`.
 */
import { Button, Text } from '@chakra-ui/react'
import { DialogFrame } from './dialog-frame'

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
    <DialogFrame
      role="alertdialog"
      open={open}
      title={title}
      description={question}
      onClose={() => {
        if (!busy) onCancel()
      }}
      gap="2"
      footerWrap
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Mégsem
          </Button>
          <Button colorPalette="red" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {subject && (
        <Text fontWeight="semibold" wordBreak="break-word">
          {subject}
        </Text>
      )}
      {note && <Text color="fg.muted">{note}</Text>}
    </DialogFrame>
  )
}
