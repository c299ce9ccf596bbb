/**
 * A group's time ('8:00–9:30'), room ('{room}. terem', or 'Nincs terem megadva') and head count, as both of
 * Kezdőlap's group cards (today's groups, 'Következő óra') show them.
 */
import { Badge, Flex } from '@chakra-ui/react'
import { Clock, DoorOpen, Users } from 'lucide-react'
import type { Group } from '@contract/api'
import { timeRangeLabel } from '@/lib/group-time'
import { roomLabel } from '../todays-groups'

export function GroupBadges({ group, count }: { group: Group; count: number }) {
  const room = roomLabel(group.room)
  const time = timeRangeLabel(group.startTime, group.endTime)
  return (
    <Flex gap="2" wrap="wrap">
      {time && (
        <Badge size="lg" variant="subtle">
          <Clock size={14} aria-hidden />
          {time}
        </Badge>
      )}
      <Badge size="lg" colorPalette={room ? 'blue' : 'gray'} variant="subtle">
        <DoorOpen size={14} aria-hidden />
        {room ?? 'Nincs terem megadva'}
      </Badge>
      <Badge size="lg" variant="subtle">
        <Users size={14} aria-hidden />
        {count} diák
      </Badge>
    </Flex>
  )
}
