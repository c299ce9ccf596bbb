/**
 * A dialog that shows a result to read once (a new one-time password): title, description, what to show, the
 * actions on it and 'Kész' (or `doneLabel`), which closes it like Escape, the backdrop and the ×.
 */
import { Button, HStack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { DialogFrame, type DialogFrameProps } from './dialog-frame'

export interface InfoDialogProps extends Pick<
  DialogFrameProps,
  'open' | 'title' | 'description' | 'onClose' | 'onExitComplete' | 'size' | 'gap'
> {
  /** Buttons before 'Kész' (copy, print). */
  actions?: ReactNode
  doneLabel?: string
  /** The × in the corner; shown unless false. */
  closeButton?: boolean
  children: ReactNode
}

export function InfoDialog({
  actions,
  doneLabel = 'Kész',
  closeButton = true,
  children,
  ...frame
}: InfoDialogProps) {
  return (
    <DialogFrame
      {...frame}
      closeButton={closeButton}
      footer={
        <HStack gap="2" flexWrap="wrap">
          {actions}
          <Button colorPalette="blue" onClick={frame.onClose}>
            {doneLabel}
          </Button>
        </HStack>
      }
    >
      {children}
    </DialogFrame>
  )
}
