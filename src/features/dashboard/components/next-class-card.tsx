/**
 * 'Következő óra' (beyond the spec; e-KRÉTA's apps open on the next lesson): the first of today's groups not yet
 * marked as held, with its room and head count. 'Megtartva' moves on to the next one; 'Ma nincs több órád.' once
 * none is left. Groups have no time of day, so the day runs in the list's order (docs/decisions/dashboard.md, "Kezdőlap").
 */
import { Badge, Button, Card, Flex, Heading, Text } from '@chakra-ui/react'
import { Check, DoorOpen, Undo2, Users } from 'lucide-react'
import type { Group } from '@contract/api'
import { nextClass, roomLabel } from '../todays-groups'
import { useHeldClasses } from '../use-held-classes'

export interface NextClassCardProps {
  /** Today's groups in the day's order. */
  today: readonly Group[]
  /** The school day ('YYYY-MM-DD') the held marks belong to. */
  day: string
}

export function NextClassCard({ today, day }: NextClassCardProps) {
  const { held, markHeld, undo } = useHeldClasses(day)
  const todaysHeld = held.filter((id) => today.some((group) => group.id === id))
  const next = nextClass(today, todaysHeld)
  const after = next ? nextClass(today, [...todaysHeld, next.id]) : null
  const room = next ? roomLabel(next.room) : null

  return (
    <Card.Root as="section" aria-labelledby="dashboard-next-class" size="sm" variant="outline">
      <Card.Header>
        <Heading as="h2" size="md" id="dashboard-next-class">
          Következő óra
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        {next ? (
          <>
            <Text fontSize="xl" fontWeight="semibold" overflowWrap="anywhere">
              {next.groupName}
            </Text>
            <Flex gap="2" wrap="wrap">
              <Badge size="lg" colorPalette={room ? 'blue' : 'gray'} variant="subtle">
                <DoorOpen size={14} aria-hidden />
                {room ?? 'Nincs terem megadva'}
              </Badge>
              <Badge size="lg" variant="subtle">
                <Users size={14} aria-hidden />
                {next.members.length || next.students.length} diák
              </Badge>
            </Flex>
            {after && (
              <Text fontSize="sm" color="fg.muted">
                Utána: {after.groupName}
              </Text>
            )}
          </>
        ) : (
          <Text color="fg.muted">Ma nincs több órád.</Text>
        )}
      </Card.Body>
      {(next || todaysHeld.length > 0) && (
        <Card.Footer gap="2" flexWrap="wrap">
          {next && (
            <Button
              size="sm"
              colorPalette="blue"
              aria-label={`Megtartva: ${next.groupName}`}
              onClick={() => markHeld(next.id)}
            >
              <Check aria-hidden />
              Megtartva
            </Button>
          )}
          {todaysHeld.length > 0 && (
            <Button size="sm" variant="outline" onClick={undo}>
              <Undo2 aria-hidden />
              Visszavonás
            </Button>
          )}
        </Card.Footer>
      )}
    </Card.Root>
  )
}
