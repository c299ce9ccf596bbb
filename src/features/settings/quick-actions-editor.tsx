/** The quick-actions editor (custom setting): the list, add with name + url (both required), remove. */
import { Box, Button, Flex, IconButton, Input, Stack, Text } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import { ExternalLink, Trash2 } from 'lucide-react'
import { QuickActionSchema } from '@contract/api/user-settings'
import { randomId } from '@/lib/random-id'
import type { QuickAction } from '@contract/settings'
import { FormField, useSchemaForm } from '@/components/form'

export interface CustomSettingProps<T> {
  value: T
  onChange: (value: T) => void
  label: string
  description: string
  /** Why the setting cannot be changed now (definition.disabled), or null. */
  disabledReason: string | null
}

/** The contract's limits of a quick action's name and url (the server refuses longer ones). */
const NewAction = Type.Object({
  name: QuickActionSchema.properties.name,
  url: QuickActionSchema.properties.url,
})

export function QuickActionsEditor({ value, onChange, label }: CustomSettingProps<QuickAction[]>) {
  const actions = Array.isArray(value) ? value : []
  const { register, handleSubmit, reset, formState } = useSchemaForm(NewAction, {
    defaultValues: { name: '', url: '' },
    messages: {
      name: { maxLength: 'A név legfeljebb 120 karakter lehet.' },
      url: { maxLength: 'Az URL legfeljebb 2048 karakter lehet.' },
    },
    // Spec §5: without a name or a url the add is silently ignored: this check stops it and is never shown.
    check: ({ name, url }) => ({
      name: name.trim() ? undefined : 'missing',
      url: url.trim() ? undefined : 'missing',
    }),
  })
  const shown = (error?: { type?: string; message?: string }) => (error?.type === 'check' ? undefined : error)

  const add = handleSubmit(({ name, url }) => {
    onChange([...actions, { id: randomId(), name: name.trim(), url: url.trim(), icon: 'external-link' }])
    reset()
  })

  return (
    <Stack gap="4">
      <Stack as="ul" listStyleType="none" gap="2" aria-label={label}>
        {actions.length === 0 && (
          <Text as="li" color="fg.muted">
            Még nincs gyorsindító gomb.
          </Text>
        )}
        {actions.map((action) => (
          <Flex as="li" key={action.id} align="center" gap="3" borderWidth="1px" borderRadius="l2" p="3">
            <ExternalLink size={16} aria-hidden />
            <Box flex="1" minW="0">
              <Text fontWeight="medium">{action.name}</Text>
              <Text fontSize="sm" color="fg.muted" truncate>
                {action.url}
              </Text>
            </Box>
            <IconButton
              aria-label={`${action.name} törlése`}
              variant="ghost"
              colorPalette="red"
              size="sm"
              onClick={() => onChange(actions.filter((item) => item.id !== action.id))}
            >
              <Trash2 aria-hidden />
            </IconButton>
          </Flex>
        ))}
      </Stack>
      <form onSubmit={(event) => void add(event)} noValidate aria-label="Új gyorsindító gomb">
        <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
          <FormField label="Név" error={shown(formState.errors.name)}>
            <Input placeholder="pl.: Moodle" {...register('name')} />
          </FormField>
          <FormField label="URL" error={shown(formState.errors.url)}>
            <Input inputMode="url" placeholder="https://pelda.hu" {...register('url')} />
          </FormField>
          <Button type="submit" colorPalette="blue" flexShrink={0}>
            Hozzáadás
          </Button>
        </Flex>
      </form>
    </Stack>
  )
}
