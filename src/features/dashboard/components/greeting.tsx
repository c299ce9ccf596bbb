/** The dashboard's greeting (spec §2): the user's name, today's weekday and date, and how many groups meet today. */
import { Heading, Stack, Text } from '@chakra-ui/react'
import { CalendarDays, Users } from 'lucide-react'
import type { SchoolDay } from '../school-day'
import { groupCountText } from '../todays-groups'

export interface GreetingProps {
  /** The signed-in user's name; the greeting goes without it until the dashboard answers. */
  name: string | undefined
  day: SchoolDay
  /** Today's groups, or null while they load (or failed to). */
  groupCount: number | null
}

export function Greeting({ name, day, groupCount }: GreetingProps) {
  const trimmed = name?.trim()
  return (
    <Stack gap="2">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {trimmed ? `Szia, ${trimmed}!` : 'Szia!'}
      </Heading>
      <Text fontSize="lg" display="flex" alignItems="center" gap="2">
        <CalendarDays size={20} aria-hidden />
        <span>
          Ma <strong>{day.weekday.toLocaleLowerCase('hu')}</strong> van,{' '}
          <time dateTime={day.iso}>{day.date}</time>
        </span>
      </Text>
      {groupCount !== null && (
        <Text display="flex" alignItems="center" gap="2" color="fg.muted">
          <Users size={18} aria-hidden />
          <span>{groupCountText(groupCount)}</span>
        </Text>
      )}
    </Stack>
  )
}
