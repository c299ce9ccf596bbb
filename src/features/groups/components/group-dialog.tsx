/**
 * The group dialog, one form in two modes: 'Új csoport létrehozása' (spec: Groups screen, §5, §8) and 'Csoport
 * szerkesztése' (issue 20): name, day, time ('Kezdés', 'Befejezés'), classroom and the student picker. The form is
 * checked with the contract's schemas (the server's own): a trimmed name and at least one student, else 'Kérjük,
 * töltse ki az összes kötelező mezőt.', both times in 15-minute steps with the end after the start, else
 * GROUP_TIME_MESSAGES; nothing is sent until it passes. Creating is online only (the server names the group);
 * an edit is pre-filled, says before saving how many pupils lose their seat (contract/seating-transfer.ts) and goes
 * through the outbox. A group created before groups had a time may keep none (both times empty).
 */
import { Alert, Flex, Input } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import {
  CreateGroupRequest,
  GROUP_TIME_MESSAGES,
  type Group,
  type Student,
  type UpdateGroupRequest,
} from '@contract/api'
import { LIMITS } from '@contract/limits'
import { MESSAGES } from '@contract/messages'
import { transferSeating } from '@contract/seating-transfer'
import { WEEKDAYS } from '@contract/weekdays'
import { useClassrooms } from '@/api/classrooms'
import { useStudents } from '@/api/students'
import { FormDialog } from '@/components/form-dialog'
import { FormField, SelectInput, useSchemaForm } from '@/components/form'
import { ApiError, messageOf } from '@/lib/api-client'
import { CREATE_FAILED } from '../api/groups'
import { seatingQuery } from '../seating/api/seating'
import { StudentPicker } from './student-picker'

const NAME_TOO_LONG = `A csoport neve legfeljebb ${LIMITS.nameMax} karakter lehet.`
const NO_STUDENTS: Student[] = []

/** The form of a group that has no time yet: both times may stay empty ('' is sent as null). */
const UNTIMED_GROUP_FORM = Type.Object({
  ...CreateGroupRequest.properties,
  startTime: Type.Union([CreateGroupRequest.properties.startTime, Type.Literal('')]),
  endTime: Type.Union([CreateGroupRequest.properties.endTime, Type.Literal('')]),
})

/** '2 tanuló elveszíti a helyét az ülésrendben.' */
export function seatLossText(count: number): string {
  return `${count} tanuló elveszíti a helyét az ülésrendben.`
}

type GroupDialogProps = {
  open: boolean
  onClose: () => void
} & (
  | {
      mode: 'create'
      /** The weekday the day select starts on (today's). */
      defaultDay: number
      /** Resolves once the server created the group; rejects (and the dialog stays open) when it did not. */
      onSave: (request: CreateGroupRequest) => Promise<void>
    }
  | {
      mode: 'edit'
      group: Group
      /** Resolves once the edit is queued (stored); rejects (and the dialog stays open) when it could not be. */
      onSave: (request: UpdateGroupRequest) => Promise<void>
    }
)

export function GroupDialog(props: GroupDialogProps) {
  const { open, onClose } = props
  const group = props.mode === 'edit' ? props.group : null
  const [defaultValues] = useState(() =>
    group
      ? {
          groupName: group.groupName,
          groupDay: group.groupDay,
          students: group.members.map((member) => member.username),
          classroom: group.classroom,
          startTime: group.startTime ?? '',
          endTime: group.endTime ?? '',
        }
      : {
          groupName: '',
          groupDay: props.mode === 'create' ? props.defaultDay : 1,
          students: [],
          classroom: '',
          startTime: '',
          endTime: '',
        },
  )
  const untimed = group !== null && group.startTime === null
  const { register, control, handleSubmit, reset, setError, formState } = useSchemaForm(
    untimed ? UNTIMED_GROUP_FORM : CreateGroupRequest,
    {
      defaultValues,
      // An empty name or no student: the schema's message ('Kérjük, töltse ki az összes kötelező mezőt.').
      messages: {
        groupName: { maxLength: NAME_TOO_LONG },
        // A group without a time: a wrong time fails the union, said as on create.
        startTime: { invalid: GROUP_TIME_MESSAGES.step },
        endTime: { invalid: GROUP_TIME_MESSAGES.step },
      },
      check: ({ groupName, startTime, endTime }) => ({
        groupName: groupName.trim() ? undefined : MESSAGES.groupNameRequired,
        // Only a group without a time gets here with an empty one: both or neither.
        startTime: !startTime && endTime ? GROUP_TIME_MESSAGES.startRequired : undefined,
        endTime:
          startTime && !endTime
            ? GROUP_TIME_MESSAGES.endRequired
            : // 'HH:MM' strings compare as times.
              startTime && endTime <= startTime
              ? GROUP_TIME_MESSAGES.endBeforeStart
              : undefined,
      }),
    },
  )
  const students = useStudents()
  const classrooms = useClassrooms()

  // Edit: the seats the change would take away, said before saving.
  const seating = useQuery({
    ...seatingQuery(group?.classroom ?? '', group?.id ?? ''),
    enabled: open && group !== null && group.classroom !== '',
  })
  const [chosen, classroomId] = useWatch({ control, name: ['students', 'classroom'] })
  const seatsLost = useMemo(() => {
    if (!group || !seating.data) return 0
    const layout =
      classroomId === group.classroom
        ? group.layout
        : (classrooms.data?.classrooms.find((classroom) => classroom._id === classroomId)?.layout ?? null)
    const moved = transferSeating(seating.data.positions, layout, new Set(chosen))
    return moved.unseated.length + moved.removed.length
  }, [group, seating.data, classroomId, classrooms.data, chosen])

  const submit = handleSubmit(async (values) => {
    const groupName = values.groupName.trim()
    try {
      if (props.mode === 'create') await props.onSave({ ...values, groupName })
      else
        await props.onSave({
          ...values,
          groupName,
          startTime: values.startTime || null,
          endTime: values.endTime || null,
        })
      onClose()
    } catch (error) {
      // The screen has said what went wrong; the form keeps what was typed. An identical group (409) is also said
      // at the name, where the user changes it.
      if (error instanceof ApiError && error.status === 409)
        setError('groupName', { message: messageOf(error.body) ?? CREATE_FAILED })
    }
  })

  return (
    <FormDialog
      open={open}
      title={group ? 'Csoport szerkesztése' : 'Új csoport létrehozása'}
      onClose={onClose}
      onSubmit={() => void submit()}
      onExitComplete={() => reset(defaultValues)}
      submitLabel={group ? 'Mentés' : 'Létrehozás'}
      busy={formState.isSubmitting}
    >
      <FormField label="Csoport neve" error={formState.errors.groupName}>
        <Input autoComplete="off" placeholder="pl.: Matematika 9.A" {...register('groupName')} />
      </FormField>

      <FormField label="Nap" error={formState.errors.groupDay}>
        <SelectInput
          {...register('groupDay', { valueAsNumber: true })}
          options={WEEKDAYS.map((day) => ({ value: day.id, label: day.name }))}
        />
      </FormField>

      <Flex gap="4" direction={{ base: 'column', sm: 'row' }}>
        <FormField label="Kezdés" error={formState.errors.startTime}>
          <Input type="time" step={900} {...register('startTime')} />
        </FormField>
        <FormField label="Befejezés" error={formState.errors.endTime}>
          <Input type="time" step={900} {...register('endTime')} />
        </FormField>
      </Flex>

      <FormField
        label="Terem"
        error={formState.errors.classroom}
        helper={
          classrooms.isPending
            ? 'Termek betöltése...'
            : classrooms.isError
              ? 'A termek most nem tölthetők be; a csoport terem nélkül is létrehozható.'
              : undefined
        }
      >
        {/* Controlled: an edited group's classroom is selected once the list of classrooms has arrived. */}
        <SelectInput
          {...register('classroom')}
          value={classroomId}
          options={[
            { value: '', label: 'Nincs terem' },
            ...(classrooms.data?.classrooms ?? []).map((classroom) => ({
              value: classroom._id,
              label: classroom.name,
            })),
          ]}
        />
      </FormField>

      <Controller
        control={control}
        name="students"
        render={({ field, fieldState }) => (
          <StudentPicker
            students={students.data?.students ?? NO_STUDENTS}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            status={
              students.isPending
                ? { loading: true }
                : students.isError && !students.data
                  ? { error: 'Hiba történt a diákok betöltése közben.', retry: () => void students.refetch() }
                  : null
            }
          />
        )}
      />

      {seatsLost > 0 && (
        <Alert.Root status="warning" variant="subtle" aria-live="polite">
          <Alert.Indicator />
          <Alert.Title>{seatLossText(seatsLost)}</Alert.Title>
        </Alert.Root>
      )}
    </FormDialog>
  )
}
