/**
 * The add form (spec "Proxy kezelés", §5): one domain field, placeholder 'pelda.hu'. Checked with the same
 * normalisation as the server (contract/domain-name.ts): empty → 'Kérlek adj meg egy domaint.', an invalid name
 * → its Hungarian reason; nothing is sent while a rule fails. The normalised name is what is sent.
 *
 * A name starting with `www.` (issue 18) asks whether to block the whole domain instead — checked, as suggested:
 * `www.tiktok.com` alone would leave `tiktok.com` open. The choice is shown with the name that will be blocked.
 */
import { Type } from '@sinclair/typebox'
import { Box, Button, Checkbox, Flex, Input } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { normaliseDomain, shownDomain, wholeDomainOf } from '@contract/domain-name'
import { FormField, useSchemaForm } from '@/components/form'
import { touchTarget } from '@/lib/touch-target'

const AddDomainForm = Type.Object({ domain: Type.String() })

export interface AddDomainFormProps {
  adding: boolean
  /** Offline: 'Hozzáadás' is disabled (the screen says why). */
  offline?: boolean
  /** The server's reason for the last refusal (400/409), shown under the field. */
  refusal: string | null
  /** Resolves true when the domain was added (the field is then cleared). */
  onAdd: (domain: string) => Promise<boolean>
}

/** 'Az egész domain tiltása (tiktok.com és minden aldomainje)'. */
export function wholeDomainLabel(whole: string): string {
  return `Az egész domain tiltása (${shownDomain(whole)} és minden aldomainje)`
}

export function AddDomainFormView({ adding, offline = false, refusal, onAdd }: AddDomainFormProps) {
  const { register, handleSubmit, reset, setFocus, formState, watch } = useSchemaForm(AddDomainForm, {
    defaultValues: { domain: '' },
    check: ({ domain }) => ({ domain: normaliseDomain(domain).error }),
  })
  const typed = normaliseDomain(watch('domain'))
  const whole = typed.domain !== undefined ? wholeDomainOf(typed.domain) : null
  // Suggested (on) for every new `www.` name; the user may turn it off to block only that host.
  const [keepWww, setKeepWww] = useState(false)

  const submit = handleSubmit(async ({ domain }) => {
    const result = normaliseDomain(domain)
    if (result.error !== undefined) return
    const chosen = keepWww ? result.domain : (wholeDomainOf(result.domain) ?? result.domain)
    if (await onAdd(chosen)) {
      reset({ domain: '' })
      setKeepWww(false)
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
          {whole && (
            <Checkbox.Root
              mt="2"
              checked={!keepWww}
              onCheckedChange={(details) => setKeepWww(details.checked !== true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{wholeDomainLabel(whole)}</Checkbox.Label>
            </Checkbox.Root>
          )}
        </Box>
        <Button
          type="submit"
          colorPalette="blue"
          loading={adding}
          disabled={offline}
          mt={{ sm: '6' }}
          css={touchTarget}
        >
          <Plus aria-hidden /> Hozzáadás
        </Button>
      </Flex>
    </form>
  )
}
