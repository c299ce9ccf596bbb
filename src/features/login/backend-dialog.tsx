/** 'Backend beállítása': edits localSettings.backendUrl before login (spec §2, §5). */
import { Button, Dialog, Field, Input, Portal } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { ChakraRoot } from '../../app/chakra-root'
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

  function submit(event: FormEvent) {
    event.preventDefault()
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
      <Dialog.Root
        open={open}
        onOpenChange={(details) => {
          if (!details.open) onClose()
        }}
        onExitComplete={() => {
          setValue(currentUrl)
          setError(null)
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
                  <Dialog.Title>Backend beállítása</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
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
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={onClose}>
                    Mégsem
                  </Button>
                  <Button type="submit" colorPalette="blue">
                    Mentés
                  </Button>
                </Dialog.Footer>
              </form>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </ChakraRoot>
  )
}
