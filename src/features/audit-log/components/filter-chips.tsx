/** The active filters as removable chips, and 'Szűrők törlése' while any filter is active (spec §2). */
import { Button, CloseButton, Flex, HStack, Text } from '@chakra-ui/react'
import type { FilterChip } from '../audit-filters'

export function FilterChips({
  chips,
  active,
  onRemove,
  onClear,
}: {
  chips: readonly FilterChip[]
  active: boolean
  onRemove: (chip: FilterChip) => void
  onClear: () => void
}) {
  if (!active) return null
  return (
    <Flex as="ul" aria-label="Aktív szűrők" gap="2" wrap="wrap" align="center" listStyleType="none">
      {chips.map((chip) => (
        <HStack
          as="li"
          key={chip.key}
          gap="1"
          ps="3"
          pe="1"
          rounded="full"
          bg="blue.subtle"
          color="blue.fg"
          fontSize="sm"
          maxW="full"
        >
          <Text as="span" truncate>
            {chip.label}
          </Text>
          <CloseButton
            size="2xs"
            rounded="full"
            aria-label={`Szűrő eltávolítása: ${chip.label}`}
            onClick={() => onRemove(chip)}
          />
        </HStack>
      ))}
      <li>
        <Button variant="ghost" size="sm" onClick={onClear}>
          Szűrők törlése
        </Button>
      </li>
    </Flex>
  )
}
