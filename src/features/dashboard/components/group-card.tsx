/**
 * One of today's groups: its name, time ('8:00–9:30', issue 20), room ('{room}. terem'), head count and students with
 * their password rows.
 */
import { Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import { KeyRound } from 'lucide-react'
import { useLayoutEffect, useRef } from 'react'
import type { Group, GroupMember } from '@contract/api'
import { LazyPasswordResetForm } from '@/components/lazy-password-reset-form'
import { passwordRowKey, type PasswordReset } from '../use-password-reset'
import { GroupBadges } from './group-badges'

export interface GroupCardProps {
  group: Group
  reset: PasswordReset
}

/** The group's people: members carry the username a reset needs; a name without a member has no reset. */
function peopleOf(group: Group): GroupMember[] {
  if (group.members.length > 0) return group.members
  return group.students.map((name) => ({ id: name, name, username: '' }))
}

export function GroupCard({ group, reset }: GroupCardProps) {
  const headingId = `dashboard-group-${group.id}`
  const people = peopleOf(group)

  return (
    <Card.Root as="article" aria-labelledby={headingId} size="sm" variant="outline">
      <Card.Header>
        <Flex gap="3" align="center" wrap="wrap" justify="space-between">
          <Heading as="h3" size="md" id={headingId} overflowWrap="anywhere">
            {group.groupName}
          </Heading>
          <GroupBadges group={group} count={people.length} />
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        {people.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            A csoportban még nincs diák.
          </Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="0" aria-label={`${group.groupName} diákjai`}>
            {people.map((person) => (
              <StudentLine key={person.id} groupId={group.id} person={person} reset={reset} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  )
}

function StudentLine({
  groupId,
  person,
  reset,
}: {
  groupId: string
  person: GroupMember
  reset: PasswordReset
}) {
  const rowKey = passwordRowKey(groupId, person.username)
  const editing = person.username !== '' && reset.open === rowKey
  const editButton = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(editing)

  // Closing the form removes the focused input: focus goes back to the row's button unless it went elsewhere.
  useLayoutEffect(() => {
    const active = document.activeElement
    if (wasEditing.current && !editing && (!active || active === document.body)) editButton.current?.focus()
    wasEditing.current = editing
  }, [editing])

  return (
    <Box
      as="li"
      py="2"
      borderTopWidth="1px"
      _first={{ borderTopWidth: '0' }}
      bg={editing ? 'bg.subtle' : undefined}
      mx="-2"
      px="2"
      rounded="md"
    >
      <Flex gap="3" align="center" justify="space-between" minW="0">
        <Box minW="0">
          <Text fontWeight="medium" truncate>
            {person.name}
          </Text>
          {person.username && (
            <Text fontSize="xs" color="fg.muted" truncate>
              {person.username}
            </Text>
          )}
        </Box>
        {person.username && !editing && (
          <Button
            ref={editButton}
            size="sm"
            variant="outline"
            flexShrink={0}
            aria-label={`Jelszó módosítása: ${person.name}`}
            onClick={() => reset.edit(rowKey)}
          >
            <KeyRound aria-hidden />
            Jelszó módosítása
          </Button>
        )}
      </Flex>
      {editing && (
        <Box mt="2">
          <LazyPasswordResetForm
            student={person}
            saving={reset.saving}
            onSave={(username, password) => reset.save(rowKey, username, password)}
            onCancel={reset.cancel}
          />
        </Box>
      )}
    </Box>
  )
}
