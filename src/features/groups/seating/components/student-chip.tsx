/** A student as the editor shows them: initials in a circle and the name, truncated to fit. */
import { Box, Flex, Text } from '@chakra-ui/react'
import type { GroupMember } from '@contract/api'
import { initialsOf } from '../seating'

export function Initials({ name, size = '7' }: { name: string; size?: string }) {
  return (
    <Flex
      aria-hidden="true"
      flex="none"
      boxSize={size}
      align="center"
      justify="center"
      rounded="full"
      bg="blue.subtle"
      color="blue.fg"
      fontSize="xs"
      fontWeight="semibold"
    >
      {initialsOf(name)}
    </Flex>
  )
}

/** `stacked`: initials above the name (inside a desk); else side by side (the unplaced list, the drag overlay). */
export function StudentChip({ member, stacked = false }: { member: GroupMember; stacked?: boolean }) {
  return (
    <Flex
      direction={stacked ? 'column' : 'row'}
      align="center"
      gap={stacked ? '0.5' : '2'}
      minW="0"
      w="full"
      textAlign={stacked ? 'center' : 'start'}
    >
      <Initials name={member.name} size={stacked ? '6' : '8'} />
      <Box minW="0" w={stacked ? 'full' : undefined} flex={stacked ? undefined : '1'}>
        <Text truncate fontSize={stacked ? 'xs' : 'sm'} lineHeight="short" title={member.name}>
          {member.name}
        </Text>
      </Box>
    </Flex>
  )
}
