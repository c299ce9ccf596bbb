/**
 * 'Ülésrend' of a group (spec §4 Seating, §8): the seating editor in a dialog that fills a tablet's screen, or
 * 'Hiányzó adatok' when the group has no classroom or its classroom no layout. The Csoportok screen opens it lazily.
 */
import { EmptyState, Text } from '@chakra-ui/react'
import { CircleAlert } from 'lucide-react'
import { useCallback, useRef } from 'react'
import type { Group } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { weekdayName } from '@contract/weekdays'
import { DialogFrame } from '@/components/dialog-frame'
import { SeatingEditor } from './seating-editor'

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

export function SeatingDialog(props: { group: Group; open: boolean; onClose: () => void }) {
  const { group, open, onClose } = props
  const layout = group.classroom ? group.layout : null
  // While a student is picked with the keyboard, Escape cancels the pick instead of closing the dialog.
  const picking = useRef(false)
  const onPickingChange = useCallback((value: boolean) => {
    picking.current = value
  }, [])

  const onEscapeKeyDown = useCallback((event: KeyboardEvent) => {
    if (picking.current) event.preventDefault()
  }, [])

  return (
    <DialogFrame
      open={open}
      title={`Ülésrend – ${group.groupName}`}
      subtitle={
        <Text fontSize="sm" color="fg.muted">
          {seatingSubtitle(group)}
        </Text>
      }
      onClose={onClose}
      onEscapeKeyDown={onEscapeKeyDown}
      size="cover"
      fullScreenOnPhone
      closeButton
    >
      {layout ? (
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
