/**
 * How a desk looks in the designer and its legend: a student desk is a blue square with a person, the teacher's
 * desk an orange circle with a board — shape and icon, not colour alone. Decorative: the cell's name says what it is.
 */
import { Box, HStack, Text } from '@chakra-ui/react'
import { Presentation, User } from 'lucide-react'
import type { DeskType } from '../layout-edits'

export function DeskMarker({ type, size = '100%' }: { type: DeskType; size?: string }) {
  const student = type === 'student'
  return (
    <Box
      aria-hidden="true"
      display="flex"
      alignItems="center"
      justifyContent="center"
      w={size}
      h={size}
      rounded={student ? 'sm' : 'full'}
      bg={student ? 'blue.solid' : 'orange.solid'}
      color={student ? 'blue.contrast' : 'orange.contrast'}
    >
      {student ? <User size="60%" /> : <Presentation size="60%" />}
    </Box>
  )
}

/** 'Jelmagyarázat': the two desks and an empty cell. */
export function DeskLegend() {
  return (
    <HStack as="ul" aria-label="Jelmagyarázat" gap="4" wrap="wrap" listStyleType="none" fontSize="sm">
      <HStack as="li" gap="2">
        <Box boxSize="6" flex="none">
          <DeskMarker type="student" />
        </Box>
        <Text as="span">Diák asztal</Text>
      </HStack>
      <HStack as="li" gap="2">
        <Box boxSize="6" flex="none">
          <DeskMarker type="teacher" />
        </Box>
        <Text as="span">Tanári asztal</Text>
      </HStack>
      <HStack as="li" gap="2">
        <Box
          aria-hidden="true"
          boxSize="6"
          flex="none"
          rounded="sm"
          borderWidth="1px"
          borderStyle="dashed"
          borderColor="border.emphasized"
        />
        <Text as="span">Üres hely</Text>
      </HStack>
    </HStack>
  )
}
