/** The quick-actions editor (custom setting): the list, add with name + url (both required), remove. */
import { Box, Button, Field, Flex, IconButton, Input, Stack, Text } from '@chakra-ui/react'
import { ExternalLink, Trash2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import type { QuickAction } from '../../../contract/settings'

export interface CustomSettingProps<T> {
  value: T
  onChange: (value: T) => void
  label: string
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `qa-${Date.now()}-${Math.random().toString(36).slice(2)}`
}

export function QuickActionsEditor({ value, onChange, label }: CustomSettingProps<QuickAction[]>) {
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const actions = Array.isArray(value) ? value : []

  function add(event: FormEvent) {
    event.preventDefault()
    // Spec §5: both are required; otherwise the add is silently ignored.
    if (!name.trim() || !url.trim()) return
    onChange([...actions, { id: newId(), name: name.trim(), url: url.trim(), icon: 'external-link' }])
    setName('')
    setUrl('')
  }

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
      <form onSubmit={add} noValidate aria-label="Új gyorsindító gomb">
        <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
          <Field.Root>
            <Field.Label>Név</Field.Label>
            <Input value={name} onChange={(event) => setName(event.target.value)} placeholder="pl.: Moodle" />
          </Field.Root>
          <Field.Root>
            <Field.Label>URL</Field.Label>
            <Input
              value={url}
              inputMode="url"
              onChange={(event) => setUrl(event.target.value)}
              placeholder="https://pelda.hu"
            />
          </Field.Root>
          <Button type="submit" colorPalette="blue" flexShrink={0}>
            Hozzáadás
          </Button>
        </Flex>
      </form>
    </Stack>
  )
}
