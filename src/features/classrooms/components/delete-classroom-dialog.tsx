/** The delete confirmation (spec: 'Biztosan törölni szeretnéd ezt a termet?'), with the room's name for context. */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react'
import type { Classroom } from '../../../../contract/api'

interface DeleteClassroomDialogProps {
  classroom: Classroom | null
  deleting: boolean
  onCancel: () => void
  onConfirm: (classroom: Classroom) => void
}

export function DeleteClassroomDialog({
  classroom,
  deleting,
  onCancel,
  onConfirm,
}: DeleteClassroomDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={classroom !== null}
      onOpenChange={(details) => {
        if (!details.open) onCancel()
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Terem törlése</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="2">
              <Dialog.Description>Biztosan törölni szeretnéd ezt a termet?</Dialog.Description>
              {classroom && (
                <Text fontWeight="semibold" wordBreak="break-word">
                  {classroom.name}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              <Button variant="outline" onClick={onCancel}>
                Mégsem
              </Button>
              <Button colorPalette="red" loading={deleting} onClick={() => classroom && onConfirm(classroom)}>
                Törlés megerősítése
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
