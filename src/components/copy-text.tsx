/**
 * The one way the app copies a text (a short link, a one-time password). With the Clipboard API it writes the text
 * and toasts the caller's success message; when the browser refuses, it says 'Hiba történt a másolás során.' (spec
 * §8). Browsers give `navigator.clipboard` only to secure contexts, and a school may open the app over plain
 * `http://<server-ip>`: there — and after a refusal — a dialog shows the text in a read-only field, focused and all
 * selected, so Ctrl+C (or a long press, Másolás, on a tablet) copies it. See docs/decisions/https.md, "Plain HTTP still signs in".
 */
import { Input } from '@chakra-ui/react'
import { useCallback, useState, type ReactNode } from 'react'
import { notify } from '../lib/notify'
import { InfoDialog } from './info-dialog'

/** Spec §8's copy failure. */
export const COPY_FAILED = 'Hiba történt a másolás során.'
/** What the dialog asks the user to do (the spec has no words for it). */
export const COPY_BY_HAND = 'Másold ki a kijelölt szöveget (Ctrl+C, érintőképernyőn hosszan nyomva: Másolás).'

function clipboardWrite(): ((text: string) => Promise<void>) | null {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
  return typeof clipboard?.writeText === 'function' ? (text) => clipboard.writeText(text) : null
}

export interface CopyText {
  /** Copies `text`: to the clipboard, or into the selected field of the dialog. */
  copy: (text: string) => void
  /** The dialog: render it once, anywhere in the component that copies. */
  dialog: ReactNode
}

/** `success`: the toast after the clipboard took the text (e.g. 'URL kimásolva a vágólapra!'). */
export function useCopyText(success: string): CopyText {
  const [byHand, setByHand] = useState<{ text: string; open: boolean }>({ text: '', open: false })
  const showField = useCallback((text: string) => setByHand({ text, open: true }), [])
  const copy = useCallback(
    (text: string) => {
      const write = clipboardWrite()
      if (!write) {
        showField(text)
        return
      }
      // A synchronous throw counts as a refusal too.
      Promise.resolve()
        .then(() => write(text))
        .then(
          () => notify.success(success),
          () => {
            notify.error(COPY_FAILED)
            showField(text)
          },
        )
    },
    [success, showField],
  )
  const dialog = (
    <CopyByHandDialog
      text={byHand.text}
      open={byHand.open}
      onClose={() => setByHand((shown) => ({ ...shown, open: false }))}
      onExitComplete={() => setByHand({ text: '', open: false })}
    />
  )
  return { copy, dialog }
}

interface CopyByHandDialogProps {
  text: string
  open: boolean
  onClose: () => void
  onExitComplete: () => void
}

function CopyByHandDialog({ text, open, onClose, onExitComplete }: CopyByHandDialogProps) {
  // The dialog focuses its first field on opening; selecting on focus (and on a tap) marks the whole text.
  const selectAll = (event: { currentTarget: HTMLInputElement }) => event.currentTarget.select()
  return (
    <InfoDialog
      open={open}
      title="Másolás"
      description={COPY_BY_HAND}
      onClose={onClose}
      onExitComplete={onExitComplete}
    >
      <Input
        readOnly
        value={text}
        aria-label="Másolandó szöveg"
        fontFamily="mono"
        onFocus={selectAll}
        onClick={selectAll}
      />
    </InfoDialog>
  )
}
