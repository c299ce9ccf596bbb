/**
 * The date + hours form (spec §5: a number, not NaN, not negative; min 0, step 0.5 — checked by the contract's
 * schema). The hours field is text with a decimal keyboard, not type=number: that refuses '4,5' (issue 18).
 */
import { Button, Flex, Input } from '@chakra-ui/react'
import { useEffect } from 'react'
import { isCalendarDate, WorkHoursRequest } from '@contract/api/work-hours'
import { FormField, useSchemaForm } from '@/components/form'
import { parseHours } from '../month'

export const HOURS_MESSAGE = 'Kérlek adj meg egy érvényes óraszámot.'
export const DATE_MESSAGE = 'Kérlek adj meg egy érvényes dátumot.'

interface HoursFormProps {
  /** The date the calendar picked: the form follows it. */
  date: string
  onDateChange: (date: string) => void
  onSubmit: (values: WorkHoursRequest) => Promise<void>
}

export function HoursForm({ date, onDateChange, onSubmit }: HoursFormProps) {
  const { register, handleSubmit, setValue, formState } = useSchemaForm(WorkHoursRequest, {
    defaultValues: { date },
    // Hours: the spec's one message for every failure (also more than 24 or not a half hour, which the server refuses).
    messages: { hours: HOURS_MESSAGE, date: DATE_MESSAGE },
    check: (values) => ({ date: isCalendarDate(values.date) ? undefined : DATE_MESSAGE }),
  })

  useEffect(() => {
    setValue('date', date, { shouldValidate: formState.isSubmitted })
  }, [date, setValue, formState.isSubmitted])

  return (
    <form aria-label="Munkaidő rögzítése" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Flex direction="column" gap="3">
        <FormField label="Dátum" error={formState.errors.date}>
          <Input
            type="date"
            size="lg"
            {...register('date', {
              // A typed date moves the calendar to it.
              onChange: (event: { target: { value: string } }) => {
                if (isCalendarDate(event.target.value)) onDateChange(event.target.value)
              },
            })}
          />
        </FormField>
        <FormField label="Óraszám" error={formState.errors.hours}>
          <Input
            size="lg"
            inputMode="decimal"
            autoComplete="off"
            {...register('hours', { setValueAs: parseHours })}
          />
        </FormField>
        <Button type="submit" colorPalette="blue" size="lg" loading={formState.isSubmitting}>
          Rögzítés
        </Button>
      </Flex>
    </form>
  )
}
