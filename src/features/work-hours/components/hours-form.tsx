/**
 * The date + hours form (spec §5: a number, not NaN, not negative; min 0, step 0.5 — checked by the contract's
 * schema). The hours field is text with a decimal keyboard, not type=number: that refuses '4,5' (issue 18).
 */
import { Button, Flex, Input } from '@chakra-ui/react'
import { useEffect } from 'react'
import { isCalendarDate, WorkHoursRequest } from '@contract/api/work-hours'
import { MESSAGES } from '@contract/messages'
import { FormField, useSchemaForm } from '@/components/form'
import { parseHours } from '../month'

interface HoursFormProps {
  /** The date the calendar picked: the form follows it. */
  date: string
  onDateChange: (date: string) => void
  onSubmit: (values: WorkHoursRequest) => Promise<void>
}

export function HoursForm({ date, onDateChange, onSubmit }: HoursFormProps) {
  const { register, handleSubmit, setValue, formState } = useSchemaForm(WorkHoursRequest, {
    defaultValues: { date },
    // The schema's messages: one for every failure of the hours (also more than 24 or not a half hour), one of the date.
    check: (values) => ({ date: isCalendarDate(values.date) ? undefined : MESSAGES.invalidWorkDate }),
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
