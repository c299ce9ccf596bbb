/**
 * 'Ülésrend' of a group (spec §4 Seating, §8): the seating editor in a dialog that fills a tablet's screen, or
 * 'Hiányzó adatok' when the group has no classroom or its classroom no layout. The Csoportok screen opens it lazily.
 */
import { CloseButton, Dialog, EmptyState, Portal, Text } from '@chakra-ui/react'
import { CircleAlert } from 'lucide-react'
import { useCallback, useRef } from 'react'
import type { Group } from '../../../../contract/api'
import { weekdayName } from '../../../../contract/weekdays'
import { SeatingEditor } from './seating-editor'

export const MISSING_DATA = 'Hiányzó adatok'

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

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      onEscapeKeyDown={(event) => {
        if (picking.current) event.preventDefault()
      }}
      size={{ base: 'full', md: 'cover' }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
              <Dialog.Title>Ülésrend – {group.groupName}</Dialog.Title>
              <Text fontSize="sm" color="fg.muted">
                {seatingSubtitle(group)}
              </Text>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column">
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
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Bezárás" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
