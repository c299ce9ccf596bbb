/** The editor's actions (beyond the spec): 'Visszavonás', 'Véletlen ültetés', 'Nyomtatás', and how full the room is. */
import { Badge, Button, Flex, HStack, Text } from '@chakra-ui/react'
import { Printer, Shuffle, Undo2 } from 'lucide-react'
import { memo } from 'react'

export interface SeatingToolbarProps {
  canUndo: boolean
  canSeatRandomly: boolean
  waiting: boolean
  seated: number
  desks: number
  onUndo: () => void
  onSeatRandomly: () => void
  onPrint: () => void
}

/** Memoised: a move re-renders it only when one of these changes. */
export const SeatingToolbar = memo(function SeatingToolbar({
  canUndo,
  canSeatRandomly,
  waiting,
  seated,
  desks,
  onUndo,
  onSeatRandomly,
  onPrint,
}: SeatingToolbarProps) {
  return (
    <Flex gap="2" wrap="wrap" align="center">
      <Button variant="outline" onClick={onUndo} disabled={!canUndo}>
        <Undo2 aria-hidden />
        Visszavonás
      </Button>
      <Button variant="outline" onClick={onSeatRandomly} disabled={!canSeatRandomly}>
        <Shuffle aria-hidden />
        Véletlen ültetés
      </Button>
      <Button variant="outline" onClick={onPrint}>
        <Printer aria-hidden />
        Nyomtatás
      </Button>
      <HStack gap="2" ms="auto">
        {waiting && (
          <Badge colorPalette="orange" size="lg">
            Elküldésre vár
          </Badge>
        )}
        <Text fontSize="sm" color="fg.muted">
          {seated} / {desks} asztal foglalt
        </Text>
      </HStack>
    </Flex>
  )
})
