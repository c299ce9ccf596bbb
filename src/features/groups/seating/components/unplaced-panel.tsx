/**
 * The left panel (spec §4 Seating): the students not seated yet, with their count. It is also a drop target: a seated
 * student dragged here goes back to the list. Tap or Enter/Space picks a student; then a desk seats them.
 */
import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react'
import { useDraggable, useDroppable } from '@dnd-kit/core'
import { memo } from 'react'
import type { GroupMember } from '@contract/api'
import { LIFTED_STYLE, usePressLift } from './press-lift'
import { StudentChip } from './student-chip'

export const UNPLACED_ID = 'unplaced'

export function studentDragId(username: string): string {
  return `student:${username}`
}

interface UnplacedStudentProps {
  member: GroupMember
  picked: boolean
  onPick: (username: string) => void
}

const UnplacedStudent = memo(function UnplacedStudent({ member, picked, onPick }: UnplacedStudentProps) {
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: studentDragId(member.username),
    data: { name: member.name, username: member.username, from: null },
    attributes: { roleDescription: 'húzható diák' },
  })
  const { lifted, handlers } = usePressLift(listeners)
  return (
    <Box as="li" listStyleType="none">
      <chakra.button
        ref={setNodeRef}
        {...attributes}
        {...handlers}
        data-lifted={lifted ? '' : undefined}
        type="button"
        aria-pressed={picked}
        onClick={() => onPick(member.username)}
        display="flex"
        alignItems="center"
        w="full"
        minH="12"
        px="2"
        py="1.5"
        rounded="l2"
        borderWidth="1px"
        borderColor={picked ? 'blue.solid' : 'border'}
        bg={picked ? 'blue.subtle' : 'bg.panel'}
        cursor="grab"
        opacity={isDragging ? 0.4 : 1}
        // A swipe scrolls the list; a short hold lifts the chip and starts the drag (the touch sensor's delay).
        touchAction="manipulation"
        userSelect="none"
        css={{ WebkitTouchCallout: 'none', ...LIFTED_STYLE }}
        _hover={{ bg: picked ? 'blue.subtle' : 'bg.muted' }}
        focusVisibleRing="outside"
      >
        <StudentChip member={member} />
      </chakra.button>
    </Box>
  )
})

export interface UnplacedPanelProps {
  unplaced: readonly GroupMember[]
  picked: string | null
  /** The picked student is seated: offer to send them back to the list. */
  pickedSeatedName: string | null
  onPick: (username: string) => void
  onUnplacePicked: () => void
}

/** Memoised: a move on the grid that leaves the list alone does not re-render it. */
export const UnplacedPanel = memo(function UnplacedPanel({
  unplaced,
  picked,
  pickedSeatedName,
  onPick,
  onUnplacePicked,
}: UnplacedPanelProps) {
  const { setNodeRef, isOver } = useDroppable({ id: UNPLACED_ID, data: { label: 'Nincs leültetve lista' } })
  return (
    <Flex
      as="section"
      aria-labelledby="seating-unplaced"
      ref={setNodeRef}
      direction="column"
      gap="2"
      p="3"
      rounded="l3"
      borderWidth="2px"
      borderStyle={isOver ? 'dashed' : 'solid'}
      borderColor={isOver ? 'blue.solid' : 'border'}
      bg={isOver ? 'blue.subtle' : 'bg.subtle'}
      minH="32"
      // Above the grid (portrait), the list scrolls in a strip; beside it (landscape), it runs down the dialog.
      maxH={{ base: '16rem', lg: 'none' }}
      overflowY="auto"
    >
      <Heading as="h3" size="sm" id="seating-unplaced">
        Nincs leültetve ({unplaced.length})
      </Heading>
      {pickedSeatedName && (
        <Button size="sm" variant="outline" onClick={onUnplacePicked}>
          {pickedSeatedName} vissza a listába
        </Button>
      )}
      {unplaced.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Minden diák leült.
        </Text>
      ) : (
        <Box
          as="ul"
          display="grid"
          gridTemplateColumns={{ base: 'repeat(auto-fill, minmax(11rem, 1fr))', lg: 'minmax(0, 1fr)' }}
          gap="1.5"
          m="0"
          p="0"
        >
          {unplaced.map((member) => (
            <UnplacedStudent
              key={member.username}
              member={member}
              picked={picked === member.username}
              onPick={onPick}
            />
          ))}
        </Box>
      )}
    </Flex>
  )
})
