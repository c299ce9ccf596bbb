/**
 * 'Új rövid URL létrehozása' (spec §4 Links, §5): 'Eredeti URL' and 'Rövid kód' (the short-link host as prefix),
 * both required, the URL must pass the server's own rule (contract `linkTarget`: https:// assumed without a scheme;
 * 'Érvénytelen URL formátum.' inline, as the server would answer). The URL is sent as typed,
 * the code without checks (the server answers a bad one in Hungarian). Success clears both fields and puts the
 * cursor back in the URL field for the next link.
 */
import { Type } from '@sinclair/typebox'
import { Box, Button, Grid, Heading, Input, InputGroup } from '@chakra-ui/react'
import { Link2 } from 'lucide-react'
import { useRef } from 'react'
import { CreateLinkRequest, linkTargetError } from '@contract/api/links'
import { FormField, useSchemaForm } from '@/components/form'
import { expiryOf } from '../short-link'

const FORM_COLUMNS = {
  base: 'minmax(0, 1fr)',
  md: 'minmax(0, 1fr) 11rem auto',
  xl: 'minmax(0, 3fr) minmax(0, 2fr) 11rem auto',
}

/** Both required, with the contract's messages; length and shape are the server's to refuse (as it says). */
const LinkForm = Type.Object({
  url: Type.String({ minLength: 1, errorMessage: CreateLinkRequest.properties.url.errorMessage }),
  short: Type.String({ minLength: 1, errorMessage: CreateLinkRequest.properties.short.errorMessage }),
  /** Optional 'YYYY-MM-DD': the link works until the end of that day (local time). */
  expires: Type.String(),
})

export interface CreateLinkFormProps {
  /** The short-link host as shown before the code ('s.pelda.hu/'). */
  prefix: string
  submitting: boolean
  /** Offline: 'Létrehozás' is disabled (the screen says why). */
  offline?: boolean
  /** Resolves when the link is created (the form then clears); rejects after the screen told the user. */
  onCreate: (values: { url: string; short: string; expiresAt?: string }) => Promise<void>
}

export function CreateLinkForm({ prefix, submitting, offline = false, onCreate }: CreateLinkFormProps) {
  const { register, handleSubmit, reset, formState } = useSchemaForm(LinkForm, {
    defaultValues: { url: '', short: '', expires: '' },
    check: ({ url }) => ({ url: linkTargetError(url) }),
  })

  const urlInput = useRef<HTMLInputElement | null>(null)
  const urlField = register('url')

  const submit = handleSubmit(async ({ url, short, expires }) => {
    const expiresAt = expiryOf(expires)
    try {
      await onCreate(expiresAt ? { url, short, expiresAt } : { url, short })
    } catch {
      return
    }
    reset({ url: '', short: '', expires: '' })
    urlInput.current?.focus()
  })

  return (
    <Box asChild borderWidth="1px" rounded="lg" p="4">
      <form aria-labelledby="links-create-title" noValidate onSubmit={(event) => void submit(event)}>
        <Heading as="h2" size="md" id="links-create-title" mb="3">
          Új rövid URL létrehozása
        </Heading>
        {/* One column on a phone; on a tablet the URL has a line of its own above the code, the expiry and the
            button (issue 18: side by side, the code field was cut to 'rovid'); one line from 80em. */}
        <Grid gap="3" templateColumns={FORM_COLUMNS} alignItems="start">
          <Box minW="0" gridColumn={{ md: '1 / -1', xl: 'auto' }}>
            <FormField label="Eredeti URL" error={formState.errors.url}>
              <Input
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://www.pelda.hu/nagyon/hosszu/oldal"
                {...urlField}
                ref={(element) => {
                  urlField.ref(element)
                  urlInput.current = element
                }}
              />
            </FormField>
          </Box>
          <Box minW="0">
            <FormField label="Rövid kód" error={formState.errors.short}>
              <InputGroup startAddon={prefix}>
                <Input autoComplete="off" spellCheck={false} placeholder="rovid-kod" {...register('short')} />
              </InputGroup>
            </FormField>
          </Box>
          <Box minW="0">
            <FormField label="Lejárat (nem kötelező)">
              <Input type="date" {...register('expires')} />
            </FormField>
          </Box>
          <Button type="submit" colorPalette="blue" disabled={submitting || offline} mt={{ md: '6' }}>
            <Link2 aria-hidden />
            Létrehozás
          </Button>
        </Grid>
      </form>
    </Box>
  )
}
