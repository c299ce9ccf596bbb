/**
 * The student home (spec §1): greets the user, names today's weekday, shows the date and says the software is a
 * beta in development. Default export: the shell loads this screen lazily.
 */
import { Alert, Box, Heading, Stack, Text } from '@chakra-ui/react'
import { CalendarDays } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useDashboard } from '@/api/dashboard'
import { BugReportButton } from '@/components/bug-report/bug-report-button'
import { msUntilMidnight, todayLabels } from './today'

export default function StudentHomeScreen() {
  const dashboard = useDashboard()
  const now = useToday()
  const { weekday, date } = todayLabels(now)
  const name = dashboard.data?.user.name.trim()

  return (
    <Box p={{ base: '4', md: '8' }} maxW="3xl">
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {name ? `Szia, ${name}!` : 'Szia!'}
          </Heading>
          <Text fontSize="lg" display="flex" alignItems="center" gap="2">
            <CalendarDays size={20} aria-hidden />
            <span>
              Ma <strong>{weekday.toLocaleLowerCase('hu')}</strong> van,{' '}
              <time dateTime={isoDay(now)}>{date}</time>
            </span>
          </Text>
        </Stack>
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Béta verzió</Alert.Title>
            <Alert.Description>
              Ez a szoftver béta változat, jelenleg is fejlesztés alatt áll. Ha hibát találsz, kérlek, jelezd
              az oktatóidnak!
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Box>
          <BugReportButton screen="DiákKezdőlap" />
        </Box>
      </Stack>
    </Box>
  )
}

/** Today's date, moving on at midnight for a page left open overnight. */
function useToday(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), msUntilMidnight(now) + 1000)
    return () => clearTimeout(timer)
  }, [now])
  return now
}

function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}
