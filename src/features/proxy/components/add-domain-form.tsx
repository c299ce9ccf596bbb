/**
 * The add form (spec "Proxy kezelés", §5): one domain field, placeholder 'pelda.hu'. Checked with the same
 * normalisation as the server (contract/domain-name.ts): empty → 'Kérlek adj meg egy domaint.', an invalid name
 * → its Hungarian reason; nothing is sent while a rule fails. The normalised name is what is sent.
 */
import { Type } from '@sinclair/typebox'
import { Box, Button, Flex, Input } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import { normaliseDomain } from '../../../../contract/domain-name'
import { FormField, useSchemaForm } from '../../../components/form'
import { touchTarget } from '../../../lib/touch-target'

const AddDomainForm = Type.Object({ domain: Type.String() })

export interface AddDomainFormProps {
  adding: boolean
  /** The server's reason for the last refusal (400/409), shown under the field. */
  refusal: string | null
  /** Resolves true when the domain was added (the field is then cleared). */
  onAdd: (domain: string) => Promise<boolean>
}

export function AddDomainFormView({ adding, refusal, onAdd }: AddDomainFormProps) {
  const { register, handleSubmit, reset, setFocus, formState } = useSchemaForm(AddDomainForm, {
    defaultValues: { domain: '' },
    check: ({ domain }) => ({ domain: normaliseDomain(domain).error }),
  })

  const submit = handleSubmit(async ({ domain }) => {
    const result = normaliseDomain(domain)
    if (result.error !== undefined) return
    if (await onAdd(result.domain)) {
      reset({ domain: '' })
      setFocus('domain')
    }
  })

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Domain hozzáadása">
      <Flex gap="2" align="flex-start" direction={{ base: 'column', sm: 'row' }}>
        <Box flex="1" maxW={{ sm: 'md' }} w="full">
          <FormField label="Domain" error={formState.errors.domain ?? refusal}>
            <Input
              placeholder="pelda.hu"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              inputMode="url"
              {...register('domain')}
            />
          </FormField>
        </Box>
        <Button type="submit" colorPalette="blue" loading={adding} mt={{ sm: '6' }} css={touchTarget}>
          <Plus aria-hidden /> Hozzáadás
        </Button>
      </Flex>
    </form>
  )
}
