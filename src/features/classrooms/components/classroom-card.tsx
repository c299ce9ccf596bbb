/** One classroom in the card grid: its layout preview, name, size and student desks, and its three actions. */
import { Badge, Button, Card, Flex, Heading, HStack, Text } from '@chakra-ui/react'
import { Copy, Pencil, Trash2 } from 'lucide-react'
import { useId } from 'react'
import type { Classroom } from '@contract/api'
import { deskCounts, sizeText } from '../layout-edits'
import { LayoutPreview } from './layout-preview'

interface ClassroomCardProps {
  classroom: Classroom
  /** A designer change of this room waits in the outbox. */
  pending: boolean
  /** Creating, copying and deleting need the network; editing does not (the outbox). */
  online: boolean
  copying: boolean
  onEdit: (classroom: Classroom) => void
  onCopy: (classroom: Classroom) => void
  onDelete: (classroom: Classroom) => void
}

export function ClassroomCard({
  classroom,
  pending,
  online,
  copying,
  onEdit,
  onCopy,
  onDelete,
}: ClassroomCardProps) {
  const titleId = useId()
  const { student } = deskCounts(classroom.layout)
  return (
    <Card.Root as="article" aria-labelledby={titleId} size="sm" h="full">
      <Card.Body gap="3">
        <Flex
          align="center"
          justify="center"
          h="172px"
          p="2"
          rounded="md"
          bg="bg.subtle"
          borderWidth="1px"
          borderColor="border.muted"
        >
          <LayoutPreview layout={classroom.layout} />
        </Flex>
        <Flex direction="column" gap="1">
          <Heading as="h2" size="md" id={titleId} lineClamp={2} wordBreak="break-word">
            {classroom.name}
          </Heading>
          <HStack gap="2" wrap="wrap" color="fg.muted" fontSize="sm">
            <Text>{sizeText(classroom.layout)}</Text>
            <Text aria-hidden="true">·</Text>
            <Text>{student} diák asztal</Text>
            {pending && (
              <Badge colorPalette="orange" variant="subtle">
                Mentésre vár
              </Badge>
            )}
          </HStack>
        </Flex>
      </Card.Body>
      {/* The main action on its own row; copy and delete (online only) side by side below it. */}
      <Card.Footer display="grid" gridTemplateColumns="1fr 1fr" gap="2">
        <Button size="sm" colorPalette="blue" gridColumn="span 2" onClick={() => onEdit(classroom)}>
          <Pencil aria-hidden />
          Szerkesztés
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onCopy(classroom)}
          loading={copying}
          disabled={!online}
        >
          <Copy aria-hidden />
          Másolat
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={() => onDelete(classroom)}
          disabled={!online}
        >
          <Trash2 aria-hidden />
          Törlés
        </Button>
      </Card.Footer>
    </Card.Root>
  )
}
