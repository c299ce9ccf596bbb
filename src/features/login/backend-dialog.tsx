/** 'Backend beállítása': edits localSettings.backendUrl before login (spec §2, §5). */
import { Button, Field, Input } from '@chakra-ui/react'
import { useState } from 'react'
import { ChakraRoot } from '../../app/chakra-root'
import { FormDialog } from '../../components/form-dialog'
import { normaliseBackendUrl } from '../../lib/backend-url'

interface BackendDialogProps {
  open: boolean
  currentUrl: string
  onClose: () => void
  onSave: (url: string) => void
}

export function BackendDialog({ open, currentUrl, onClose, onSave }: BackendDialogProps) {
  const [value, setValue] = useState(currentUrl)
  const [error, setError] = useState<string | null>(null)

  function submit() {
    const result = normaliseBackendUrl(value)
    if ('error' in result) {
      setError(result.error)
      return
    }
    onSave(result.url)
  }

  // The login screen has no Chakra tree of its own: the dialog brings one.
  return (
    <ChakraRoot>
      <FormDialog
        open={open}
        title="Backend beállítása"
        onClose={onClose}
        onSubmit={submit}
        onExitComplete={() => {
          setValue(currentUrl)
          setError(null)
        }}
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              Mégsem
            </Button>
            <Button type="submit" colorPalette="blue">
              Mentés
            </Button>
          </>
        }
      >
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>Backend URL</Field.Label>
          <Input
            name="backendUrl"
            type="url"
            inputMode="url"
            autoComplete="url"
            value={value}
            onChange={(event) => {
              setValue(event.target.value)
              setError(null)
            }}
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
      </FormDialog>
    </ChakraRoot>
  )
}
