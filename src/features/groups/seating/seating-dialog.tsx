/**
 * 'Ülésrend' of a group (spec §4 Seating, §8): the seating editor in a dialog that fills a tablet's screen, or
 * 'Hiányzó adatok' when the group has no classroom or its classroom no layout. The Csoportok screen opens it lazily.
 * With `manageAttendance` (issue 20) a 'Jelenlét' mode beside it takes today's register on the room as seated.
 */
import { Button, EmptyState, Flex, Text } from '@chakra-ui/react'
import { CircleAlert, ClipboardCheck, Users } from 'lucide-react'
import { useCallback, useRef, useState } from 'react'
import type { Group } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { weekdayName } from '@contract/weekdays'
import { DialogFrame } from '@/components/dialog-frame'
import { formatDayWithWeekday } from '@/lib/format'
import { schoolToday } from '@/lib/school-zone'
import { AttendanceRegister } from './attendance-register'
import { SeatingEditor } from './seating-editor'

export type SeatingDialogMode = 'seating' | 'attendance'

export const MISSING_DATA = MESSAGES.seatingNoLayout

/** 'Hétfő · 12. terem · 24 diák' */
export function seatingSubtitle(group: Group): string {
  return [
    weekdayName(group.groupDay),
    group.room ? `${group.room}. terem` : '',
    `${group.members.length} diák`,
  ]
    .filter(Boolean)
    .join(' · ')
}

export function SeatingDialog(props: {
  group: Group
  open: boolean
  onClose: () => void
  /** The user has `manageAttendance`: the 'Jelenlét' mode is offered. */
  attendance?: boolean
  /** The mode it opens in ('seating' unless given; 'attendance' only with `attendance`). */
  initialMode?: SeatingDialogMode
}) {
  const { group, open, onClose, attendance: canTakeAttendance = false, initialMode = 'seating' } = props
  const layout = group.classroom ? group.layout : null
  const [chosenMode, setMode] = useState<SeatingDialogMode>(initialMode)
  const mode = canTakeAttendance ? chosenMode : 'seating'
  // The day of the register: the school's today when the dialog opened (a lesson past midnight keeps its day).
  const [day] = useState(schoolToday)
  // While a student is picked with the keyboard, Escape cancels the pick instead of closing the dialog.
  const picking = useRef(false)
  const onPickingChange = useCallback((value: boolean) => {
    picking.current = value
  }, [])

  const onEscapeKeyDown = useCallback((event: KeyboardEvent) => {
    if (picking.current) event.preventDefault()
  }, [])
  // Leaving the seating drops its pick with the editor: Escape closes the dialog from the register.
  const switchTo = useCallback((next: SeatingDialogMode) => {
    picking.current = false
    setMode(next)
  }, [])

  return (
    <DialogFrame
      open={open}
      title={`${mode === 'attendance' ? 'Jelenlét' : 'Ülésrend'} – ${group.groupName}`}
      subtitle={
        <Text fontSize="sm" color="fg.muted">
          {mode === 'attendance'
            ? `${formatDayWithWeekday(day)} · ${seatingSubtitle(group)}`
            : seatingSubtitle(group)}
        </Text>
      }
      onClose={onClose}
      onEscapeKeyDown={onEscapeKeyDown}
      size="cover"
      fullScreenOnPhone
      closeButton
    >
      {canTakeAttendance && (
        <Flex role="group" aria-label="Nézet" gap="2" mb="3" wrap="wrap">
          <Button
            variant={mode === 'seating' ? 'solid' : 'outline'}
            aria-pressed={mode === 'seating'}
            onClick={() => switchTo('seating')}
          >
            <Users aria-hidden />
            Ülésrend
          </Button>
          <Button
            variant={mode === 'attendance' ? 'solid' : 'outline'}
            aria-pressed={mode === 'attendance'}
            onClick={() => switchTo('attendance')}
          >
            <ClipboardCheck aria-hidden />
            Jelenlét
          </Button>
        </Flex>
      )}
      {mode === 'attendance' ? (
        <AttendanceRegister group={group} layout={layout} day={day} />
      ) : layout ? (
        <SeatingEditor group={group} layout={layout} onPickingChange={onPickingChange} />
      ) : (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Indicator>
              <CircleAlert aria-hidden />
            </EmptyState.Indicator>
            <EmptyState.Title role="alert">{MISSING_DATA}</EmptyState.Title>
            <EmptyState.Description>
              A csoporthoz nincs terem rendelve, vagy a teremnek nincs elrendezése.
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
    </DialogFrame>
  )
}
