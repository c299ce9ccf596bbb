/**
 * Kezdőlap, the instructor dashboard (spec §2, §3, §4, §5, §8; issue 8): a greeting with today's weekday and the
 * number of today's groups, the announcements, the quick-launch buttons, the next class and today's groups with
 * their students' password reset rows. Default export: the shell loads this screen lazily.
 */
import { Box, Grid, GridItem, Stack } from '@chakra-ui/react'
import { useEffect, useMemo } from 'react'
import type { Group } from '@contract/api'
import { useDashboard } from '@/api/dashboard'
import { useInstructorGroups } from '@/api/instructor-groups'
import { preloadPasswordResetForm } from '@/components/lazy-password-reset-form'
import { OfflineMarker } from '@/components/offline-marker'
import { whenIdle } from '@/lib/when-idle'
import { Announcements } from './components/announcements'
import { Greeting } from './components/greeting'
import { NextClassCard } from './components/next-class-card'
import { QuickActions } from './components/quick-actions'
import { TodaysGroupsSection } from './components/todays-groups-section'
import { todaysGroups } from './todays-groups'
import { useSchoolDay } from './use-school-day'

const NO_GROUPS: Group[] = []

export default function DashboardScreen() {
  const dashboard = useDashboard()
  const groups = useInstructorGroups()
  const day = useSchoolDay()
  const all = groups.data?.groups ?? NO_GROUPS
  const today = useMemo(() => todaysGroups(all, day.weekdayId), [all, day.weekdayId])
  // A group card's 'Jelszó' tap shows the password form: its code loads once the page is up.
  useEffect(() => whenIdle(preloadPasswordResetForm), [])

  return (
    <Box p={{ base: '4', md: '8' }} maxW="6xl">
      <Stack gap="6">
        <Stack gap="2">
          <Greeting
            name={dashboard.data?.user.name}
            day={day}
            groupCount={groups.data ? today.length : null}
          />
          <OfflineMarker updatedAt={groups.data?.date ?? null} />
        </Stack>

        <Announcements />

        <Grid
          gap="6"
          alignItems="start"
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem' }}
          templateAreas={{ base: '"next" "groups" "quick"', lg: '"groups next" "groups quick"' }}
          templateRows={{ lg: 'auto 1fr' }}
        >
          {groups.data && (
            <GridItem area="next">
              <NextClassCard today={today} day={day.iso} />
            </GridItem>
          )}
          <GridItem area="groups" minW="0">
            <TodaysGroupsSection query={groups} today={today} />
          </GridItem>
          <GridItem area="quick">
            <QuickActions />
          </GridItem>
        </Grid>
      </Stack>
    </Box>
  )
}
