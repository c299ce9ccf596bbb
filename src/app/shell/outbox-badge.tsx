/**
 * The outbox in the shell (DESIGN §5): a button with the number of writes waiting to be sent, and its panel —
 * each write (what, when, last error), the writes the server refused (with its message, until dismissed), and
 * 'Szinkronizálás most'. Renders nothing while the outbox is empty.
 */
import { Badge, Box, Button, CloseButton, Flex, Popover, Portal, Stack, Text } from '@chakra-ui/react'
import { CloudUpload, RefreshCw } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { formatDateTime } from '@/lib/format'
import { outbox, useOutboxState, type OutboxItem } from '@/lib/outbox'

const when = (item: OutboxItem) => formatDateTime(item.createdAt)

/** '2 módosítás elküldésre vár' */
export function waitingText(count: number): string {
  return `${count} módosítás elküldésre vár`
}

function ItemRow({ item, onDismiss }: { item: OutboxItem; onDismiss?: () => void }) {
  return (
    <Flex as="li" gap="2" align="flex-start" py="2" borderTopWidth="1px" _first={{ borderTopWidth: 0 }}>
      <Box flex="1" minW="0">
        <Text fontSize="sm" fontWeight="medium">
          {item.label}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {when(item)}
          {item.attempts > 0 && item.status === 'waiting' ? ` · ${item.attempts}. próbálkozás` : ''}
        </Text>
        {item.lastError && (
          <Text fontSize="xs" color={item.status === 'rejected' ? 'fg.error' : 'fg.warning'}>
            {item.status === 'rejected' ? `Elutasítva: ${item.lastError}` : `Utolsó hiba: ${item.lastError}`}
          </Text>
        )}
      </Box>
      {onDismiss && <CloseButton size="sm" aria-label={`Elrejtés: ${item.label}`} onClick={onDismiss} />}
    </Flex>
  )
}

/** 'waiting/rejected': a string, so the badge renders when a count changes, not on every change of the outbox. */
function countsSnapshot(): string {
  const { items, rejected } = outbox.getSnapshot()
  return `${items.length}/${rejected.length}`
}

export function OutboxBadge() {
  const [waiting, refused] = useSyncExternalStore(outbox.subscribe, countsSnapshot, countsSnapshot)
    .split('/')
    .map(Number) as [number, number]
  if (waiting === 0 && refused === 0) return null
  const label = waiting > 0 ? waitingText(waiting) : `${refused} módosítást elutasított a szerver`
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button variant="subtle" colorPalette={waiting > 0 ? 'orange' : 'red'} size="sm" aria-label={label}>
          <CloudUpload aria-hidden />
          <Badge colorPalette={waiting > 0 ? 'orange' : 'red'} variant="solid" aria-hidden>
            {waiting > 0 ? waiting : refused}
          </Badge>
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="sm" w="calc(100vw - 2rem)">
            <Popover.Header>
              <Popover.Title fontWeight="semibold">Elküldésre váró módosítások</Popover.Title>
            </Popover.Header>
            <Popover.Body pt="0">
              <OutboxPanel />
            </Popover.Body>
            <Popover.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
              <CloseButton size="sm" aria-label="Bezárás" />
            </Popover.CloseTrigger>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}

/** The panel's list (mounted while the panel is open): follows every change of the outbox. */
function OutboxPanel() {
  const { items, rejected, flushing } = useOutboxState()
  return (
    <Stack gap="3">
      {items.length > 0 ? (
        <Stack as="ul" listStyleType="none" gap="0" aria-label="Elküldésre vár">
          {items.map((item) => (
            <ItemRow key={item.id} item={item} />
          ))}
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Minden módosítás eljutott a szerverre.
        </Text>
      )}
      {rejected.length > 0 && (
        <Box>
          <Text fontSize="sm" fontWeight="semibold">
            A szerver elutasította
          </Text>
          <Stack as="ul" listStyleType="none" gap="0" aria-label="A szerver elutasította">
            {rejected.map((item) => (
              <ItemRow key={item.id} item={item} onDismiss={() => void outbox.dismiss(item.id)} />
            ))}
          </Stack>
        </Box>
      )}
      {items.length > 0 && (
        <Button colorPalette="blue" onClick={() => void outbox.syncNow()} loading={flushing}>
          <RefreshCw aria-hidden />
          Szinkronizálás most
        </Button>
      )}
    </Stack>
  )
}
