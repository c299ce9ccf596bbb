/**
 * Beállítások (spec §2): a category sidebar sorted by order (initially backend); each category's header with its
 * label, description and optional alert, then its inputs.
 */
import { Alert, Box, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { RotateCcw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { TIMING } from '@contract/limits'
import { HttpsStatusLine } from '@/components/https-notice'
import { LoadingScreen } from '@/components/loading-screen'
import { currentBackendUrl } from '@/lib/backend-url'
import { useSettings } from '@/session/settings-context'
import type { SettingKey, SettingsValues } from '@/lib/settings/settings-values'
import { OwnPasswordForm } from './own-password-form'
import { SettingInput } from './setting-input'
import { sortedCategories, SETTINGS_CATEGORIES, type SettingsCategory } from './settings-definitions'

function SettingsLoading() {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    const id = setTimeout(() => setSlow(true), TIMING.slowLoadHintMs)
    return () => clearTimeout(id)
  }, [])
  // Spec §2: full-screen, over the sidebar too (the shell stays mounted underneath).
  return (
    <Box position="fixed" inset="0" zIndex="modal" bg="bg" overflow="auto">
      <LoadingScreen fullScreen message="Beállítások betöltése...">
        {slow && (
          <Text>
            Sokáig tart?{' '}
            {/* The server's Hungarian status page (server, database, version); not the JSON health check. */}
            <Link href={`${currentBackendUrl()}/status`} target="_blank" rel="noreferrer" colorPalette="blue">
              Szerver állapotának ellenőrzése
            </Link>
          </Text>
        )}
      </LoadingScreen>
    </Box>
  )
}

export function SettingsView({ categories = SETTINGS_CATEGORIES }: { categories?: SettingsCategory[] }) {
  const { settings, loading, error, updateSetting, resetSettings } = useSettings()
  const ordered = sortedCategories(categories)
  const [categoryId, setCategoryId] = useState('backend')

  if (loading) return <SettingsLoading />

  const category = ordered.find((item) => item.id === categoryId) ?? ordered[0]
  const values: Record<string, unknown> = settings

  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="6" p={{ base: '4', md: '8' }}>
      <Stack as="nav" aria-label="Beállítás kategóriák" w={{ md: '56' }} flexShrink={0} gap="1">
        <Heading as="h1" size="xl" mb="3">
          Beállítások
        </Heading>
        {ordered.map((item) => (
          <Button
            key={item.id}
            variant={item.id === category?.id ? 'subtle' : 'ghost'}
            colorPalette={item.id === category?.id ? 'blue' : 'gray'}
            justifyContent="flex-start"
            aria-current={item.id === category?.id ? 'page' : undefined}
            onClick={() => setCategoryId(item.id)}
          >
            {item.label}
          </Button>
        ))}
        <Button variant="outline" size="sm" mt="4" onClick={() => void resetSettings()}>
          <RotateCcw size={14} aria-hidden />
          Beállítások újratöltése
        </Button>
      </Stack>
      <Box as="section" flex="1" minW="0" aria-labelledby="settings-category-title">
        <Box mb="6" _empty={{ display: 'none' }}>
          <HttpsStatusLine />
        </Box>
        {error && (
          <Alert.Root status="error" mb="6">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{error}</Alert.Title>
              <Alert.Description>Az alapértelmezett beállítások vannak használatban.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {category && (
          <Stack gap="6">
            <Stack gap="2">
              <Heading as="h2" size="lg" id="settings-category-title">
                {category.label}
              </Heading>
              <Text color="fg.muted">{category.description}</Text>
              {category.alert && (
                <Alert.Root status={category.alert.status}>
                  <Alert.Indicator />
                  <Alert.Title>{category.alert.text}</Alert.Title>
                </Alert.Root>
              )}
            </Stack>
            {category.settings.map((definition) => (
              <SettingInput
                key={definition.key}
                definition={definition}
                value={values[definition.key]}
                values={settings}
                onChange={(value) =>
                  updateSetting(definition.key as SettingKey, value as SettingsValues[SettingKey])
                }
              />
            ))}
            {/* Not a setting (nothing stored with the others): the account's own password, issue 11. */}
            {category.id === 'profile' && <OwnPasswordForm />}
          </Stack>
        )}
      </Box>
    </Flex>
  )
}

export default function SettingsScreen() {
  return <SettingsView />
}
