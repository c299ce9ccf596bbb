/**
 * The quick-launch buttons (spec §2, §5) from the quickActions setting: each opens its url in a new tab, with
 * https:// added when the url has no scheme. A target that is not http(s) is shown, but not as a link.
 */
import { Button, Flex, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { ExternalLink, Link2Off } from 'lucide-react'
import { useSettings } from '@/session/settings-context'
import { quickActionHref } from '../quick-action-href'

export function QuickActions() {
  const { settings, loading } = useSettings()
  const actions = Array.isArray(settings.quickActions) ? settings.quickActions : []

  return (
    <Stack as="section" aria-labelledby="dashboard-quick-actions" gap="3">
      <Heading as="h2" size="md" id="dashboard-quick-actions">
        Gyorsindító gombok
      </Heading>
      {loading ? null : actions.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Még nincs gyorsindító gomb. A Beállítások között adhatsz hozzá.
        </Text>
      ) : (
        <Flex as="ul" listStyleType="none" wrap="wrap" gap="2">
          {actions.map((action) => {
            const href = quickActionHref(action.url)
            return (
              <li key={action.id}>
                {href ? (
                  <Button asChild variant="outline" size="sm">
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      <ExternalLink aria-hidden />
                      {action.name}
                      <VisuallyHidden> (új lapon nyílik meg)</VisuallyHidden>
                    </a>
                  </Button>
                ) : (
                  <Text
                    display="inline-flex"
                    alignItems="center"
                    gap="2"
                    minH="8"
                    px="3"
                    fontSize="sm"
                    color="fg.muted"
                    borderWidth="1px"
                    borderStyle="dashed"
                    borderRadius="l2"
                    title={`Érvénytelen cím: ${action.url}`}
                  >
                    <Link2Off size={16} aria-hidden />
                    {action.name}
                    <VisuallyHidden> (érvénytelen cím, nem nyitható meg)</VisuallyHidden>
                  </Text>
                )}
              </li>
            )
          })}
        </Flex>
      )}
    </Stack>
  )
}
