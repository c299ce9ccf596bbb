/** 'Többfaktoros hitelesítés': the numeric code, the 'Hátralévő idő' countdown and 'Megvan' (spec §2). */
import { Button, Input, Text } from '@chakra-ui/react'
import { MfaRequest } from '@contract/api/auth'
import { LIMITS } from '@contract/limits'
import { ChakraRoot } from '@/components/chakra-root'
import { FormDialog } from '@/components/form-dialog'
import { FormField, useSchemaForm } from '@/components/form'
import { formatCountdown } from './use-countdown'

export const MFA_CODE_REQUIRED = 'Kérlek add meg a hitelesítő kódot.'
export const MFA_CODE_INVALID = 'A hitelesítő kód 6 számjegyből áll.'

interface MfaDialogProps {
  open: boolean
  secondsLeft: number
  submitting: boolean
  /** Called only with a code the contract accepts (six digits); an empty or short code is refused here. */
  onSubmit: (code: string) => void
  onClose: () => void
}

/** Mount a fresh one (a new `key`) for each login: the code starts empty. */
export function MfaDialog({ open, secondsLeft, submitting, onSubmit, onClose }: MfaDialogProps) {
  const { register, handleSubmit, formState } = useSchemaForm(MfaRequest, {
    defaultValues: { code: '' },
    messages: { code: { required: MFA_CODE_REQUIRED, invalid: MFA_CODE_INVALID } },
  })
  const code = register('code')

  // The login screen has no Chakra tree of its own: the dialog brings one.
  return (
    <ChakraRoot>
      <FormDialog
        open={open}
        title="Többfaktoros hitelesítés"
        description="Kérlek add meg a hitelesítő kódot"
        onClose={onClose}
        onSubmit={() => void handleSubmit((values) => onSubmit(values.code))()}
        closeButton
        footer={
          <Button type="submit" colorPalette="blue" loading={submitting} loadingText="Betöltés...">
            Megvan
          </Button>
        }
      >
        <FormField label="MFA Kód" error={formState.errors.code}>
          <Input
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="one-time-code"
            {...code}
            onChange={(event) => {
              // Spec §5: the code is numeric; anything else typed is dropped. The limit comes after: a code pasted
              // from the e-mail as '824 193' or 'Kód: 824193' keeps its six digits (no maxLength, which cut first).
              event.target.value = event.target.value.replace(/\D/g, '').slice(0, LIMITS.mfaCodeLength)
              return code.onChange(event)
            }}
          />
        </FormField>
        <Text role="timer" aria-label={`Hátralévő idő: ${formatCountdown(secondsLeft)}`}>
          Hátralévő idő: <strong>{formatCountdown(secondsLeft)}</strong>
        </Text>
      </FormDialog>
    </ChakraRoot>
  )
}
