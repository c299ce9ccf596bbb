/**
 * 'Mai csoportok': today's groups with their room and students (spec §2), each student with the password reset row
 * of spec §4 (one open at a time, across all of today's groups). Loading, the spec's error with a retry, and an
 * empty day come from the shared ListState.
 */
import { Heading, Stack } from '@chakra-ui/react'
import { CalendarOff } from 'lucide-react'
import type { Group } from '@contract/api'
import { ListState, type ListQuery, type ListWords } from '@/components/list-state'
import { usePasswordReset } from '../use-password-reset'
import { GroupCard } from './group-card'

const WORDS: ListWords = {
  loading: 'Mai csoportok betöltése...',
  error: 'Hiba történt a mai csoportok betöltése közben.',
  // The greeting above already says 'Ma nincs csoportod.' (issue 18: it was said twice).
  empty: { title: 'Nincs mai csoport', description: 'Mára egyetlen csoportod sincs beosztva.' },
}

export interface TodaysGroupsSectionProps {
  /** The instructor-groups query (loading, error, retry). */
  query: ListQuery
  today: readonly Group[]
}

export function TodaysGroupsSection({ query, today }: TodaysGroupsSectionProps) {
  const reset = usePasswordReset()
  return (
    <Stack as="section" aria-labelledby="dashboard-todays-groups" gap="3" minW="0">
      <Heading as="h2" size="lg" id="dashboard-todays-groups">
        Mai csoportok
      </Heading>
      <ListState query={query} count={today.length} words={WORDS} emptyIcon={<CalendarOff aria-hidden />}>
        <Stack gap="4">
          {today.map((group) => (
            <GroupCard key={group.id} group={group} reset={reset} />
          ))}
        </Stack>
      </ListState>
    </Stack>
  )
}
