/** 'Többfaktoros hitelesítés': the numeric code, the 'Hátralévő idő' countdown and 'Megvan' (spec §2). */
import { Button, CloseButton, Dialog, Field, Input, Portal, Text } from '@chakra-ui/react'
import type { FormEvent } from 'react'
import { ChakraRoot } from '../../app/chakra-root'
import { LIMITS } from '../../../contract/limits'
import { formatCountdown } from './use-countdown'

interface MfaDialogProps {
  open: boolean
  code: string
  secondsLeft: number
  submitting: boolean
  onCodeChange: (code: string) => void
  onSubmit: () => void
  onClose: () => void
}

export function MfaDialog({
  open,
  code,
  secondsLeft,
  submitting,
  onCodeChange,
  onSubmit,
  onClose,
}: MfaDialogProps) {
  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit()
  }

  // The login screen has no Chakra tree of its own: the dialog brings one.
  return (
    <ChakraRoot>
      <Dialog.Root
        open={open}
        onOpenChange={(details) => {
          if (!details.open) onClose()
        }}
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <form onSubmit={submit} noValidate>
                <Dialog.Header>
                  <Dialog.Title>Többfaktoros hitelesítés</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body display="flex" flexDirection="column" gap="4">
                  <Dialog.Description>Kérlek add meg a hitelesítő kódot</Dialog.Description>
                  <Field.Root>
                    <Field.Label>MFA Kód</Field.Label>
                    <Input
                      name="mfaCode"
                      inputMode="numeric"
                      pattern="[0-9]*"
                      autoComplete="one-time-code"
                      maxLength={LIMITS.mfaCodeLength}
                      value={code}
                      onChange={(event) => onCodeChange(event.target.value.replace(/\D/g, ''))}
                    />
                  </Field.Root>
                  <Text role="timer" aria-label={`Hátralévő idő: ${formatCountdown(secondsLeft)}`}>
                    Hátralévő idő: <strong>{formatCountdown(secondsLeft)}</strong>
                  </Text>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button type="submit" colorPalette="blue" loading={submitting} loadingText="Betöltés...">
                    Megvan
                  </Button>
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Bezárás" />
                </Dialog.CloseTrigger>
              </form>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </ChakraRoot>
  )
}
