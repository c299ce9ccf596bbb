/**
 * 'Következő óra' (beyond the spec; e-KRÉTA's apps open on the next lesson): the group meeting now, marked 'Most:',
 * else the next by its start time (issue 20; a group without a time last), with its time, room and members; a class
 * marked as held or whose time is over is skipped. 'Megtartva' moves on to the next one; 'Ma nincs több órád.' once
 * none is left (docs/decisions/dashboard.md, "Kezdőlap"). During the class, with `manageAttendance`, 'Jelenlét' opens
 * Csoportok on its register for today (src/lib/screen-request.ts: screens do not import each other); closing the
 * register comes back here.
 */
import { Button, Card, Heading, Text } from '@chakra-ui/react'
import { Check, ClipboardCheck, Undo2 } from 'lucide-react'
import type { Group } from '@contract/api'
import { requestScreen } from '@/lib/screen-request'
import { useFeature } from '@/session/use-features'
import { nextClass } from '../todays-groups'
import { useHeldClasses } from '../use-held-classes'
import { useSchoolMinutes } from '../use-school-minutes'
import { GroupBadges } from './group-badges'

export interface NextClassCardProps {
  /** Today's groups in the day's order (by start time). */
  today: readonly Group[]
  /** The school day ('YYYY-MM-DD') the held marks belong to. */
  day: string
}

export function NextClassCard({ today, day }: NextClassCardProps) {
  const { held, markHeld, undo } = useHeldClasses(day)
  const todaysHeld = held.filter((id) => today.some((group) => group.id === id))
  const minutes = useSchoolMinutes()
  const canTakeAttendance = useFeature('manageAttendance')
  const shown = nextClass(today, todaysHeld, minutes)
  const next = shown?.group ?? null
  const after = next ? nextClass(today, [...todaysHeld, next.id], minutes)?.group : null
  // During the class the register is the first thing to do: 'Jelenlét' leads, 'Megtartva' steps back.
  const offersRegister = next !== null && shown?.now === true && canTakeAttendance
  const members = next ? (next.members.length > 0 ? next.members.map((m) => m.name) : next.students) : []

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
            {shown?.now && (
              <Text fontSize="sm" fontWeight="semibold" color="green.fg">
                Most:
              </Text>
            )}
            <Text fontSize="xl" fontWeight="semibold" overflowWrap="anywhere">
              {next.groupName}
            </Text>
            <GroupBadges group={next} count={members.length} />
            {members.length > 0 && (
              <Text fontSize="sm" color="fg.muted">
                {members.join(', ')}
              </Text>
            )}
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
          {next && offersRegister && (
            <Button
              size="sm"
              colorPalette="blue"
              aria-label={`Jelenlét: ${next.groupName}`}
              onClick={() =>
                requestScreen({ screen: 'groups', open: { attendance: next.id }, back: 'dashboard' })
              }
            >
              <ClipboardCheck aria-hidden />
              Jelenlét
            </Button>
          )}
          {next && (
            <Button
              size="sm"
              colorPalette="blue"
              variant={offersRegister ? 'outline' : 'solid'}
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
