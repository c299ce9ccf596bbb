/** 'Backend beállítása': edits localSettings.backendUrl before login (spec §2, §5). */
import { Type } from '@sinclair/typebox'
import { Input } from '@chakra-ui/react'
import { ChakraRoot } from '@/components/chakra-root'
import { FormDialog } from '@/components/form-dialog'
import { FormField, useSchemaForm } from '@/components/form'
import { checkBackendUrl, normaliseBackendUrl } from '@/lib/backend-url'

const BackendForm = Type.Object({ backendUrl: Type.String() })

interface BackendDialogProps {
  open: boolean
  currentUrl: string
  onClose: () => void
  /** The normalised address (spec §5: https:// prepended when no scheme is given). */
  onSave: (url: string) => void
}

export function BackendDialog({ open, currentUrl, onClose, onSave }: BackendDialogProps) {
  const { register, handleSubmit, reset, formState } = useSchemaForm(BackendForm, {
    defaultValues: { backendUrl: currentUrl },
    check: ({ backendUrl }) => ({ backendUrl: checkBackendUrl(backendUrl) }),
  })

  const save = handleSubmit(({ backendUrl }) => {
    const result = normaliseBackendUrl(backendUrl)
    if ('url' in result) onSave(result.url)
  })

  // The login screen has no Chakra tree of its own: the dialog brings one.
  return (
    <ChakraRoot>
      <FormDialog
        open={open}
        title="Backend beállítása"
        onClose={onClose}
        onSubmit={() => void save()}
        onExitComplete={() => reset({ backendUrl: currentUrl })}
        submitLabel="Mentés"
      >
        <FormField label="Backend URL" error={formState.errors.backendUrl}>
          <Input type="url" inputMode="url" autoComplete="url" {...register('backendUrl')} />
        </FormField>
      </FormDialog>
    </ChakraRoot>
  )
}
