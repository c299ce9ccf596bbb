/** 'Többfaktoros hitelesítés': the numeric code, the 'Hátralévő idő' countdown and 'Megvan' (spec §2). */
import { Button, Field, Input, Text } from '@chakra-ui/react'
import { LIMITS } from '../../../contract/limits'
import { ChakraRoot } from '../../components/chakra-root'
import { FormDialog } from '../../components/form-dialog'
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
  // The login screen has no Chakra tree of its own: the dialog brings one.
  return (
    <ChakraRoot>
      <FormDialog
        open={open}
        title="Többfaktoros hitelesítés"
        description="Kérlek add meg a hitelesítő kódot"
        onClose={onClose}
        onSubmit={onSubmit}
        closeButton
        footer={
          <Button type="submit" colorPalette="blue" loading={submitting} loadingText="Betöltés...">
            Megvan
          </Button>
        }
      >
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
      </FormDialog>
    </ChakraRoot>
  )
}
