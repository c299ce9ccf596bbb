/**
 * The printed seating chart (beyond the spec; BraydenSCE v2): the group's name, day and room, then the classroom's
 * grid with each desk's student and the teacher's desk. Mounted only while printing, straight under <body>; a print
 * rule hides every other child of <body> (the app and the dialog), so the paper shows only the chart, in black on white.
 */
import { Box, Heading, Text } from '@chakra-ui/react'
import { Global } from '@emotion/react'
import { createPortal } from 'react-dom'
import type { ClassroomLayout, GroupMember } from '@contract/api'
import { positionOf } from '@contract/classroom-layout'

const PRINT_ONLY = {
  '@media print': {
    '@page': { size: 'landscape', margin: '12mm' },
    'body > *:not([data-seating-print])': { display: 'none !important' },
  },
}

export interface SeatingPrintProps {
  groupName: string
  dayName: string
  room: string
  layout: ClassroomLayout
  seats: ReadonlyMap<string, GroupMember>
}

export function SeatingPrint({ groupName, dayName, room, layout, seats }: SeatingPrintProps) {
  const [columns, rows] = layout.size
  const types = new Map(layout.objects.map((object) => [positionOf(object.x, object.y), object.type]))
  return createPortal(
    <Box
      data-seating-print=""
      aria-label="Nyomtatási nézet"
      role="region"
      display="none"
      _print={{ display: 'block' }}
      bg="white"
      color="black"
      fontFamily="body"
    >
      <Global styles={PRINT_ONLY} />
      <Heading as="h1" fontSize="20pt" color="black">
        Ülésrend – {groupName}
      </Heading>
      <Text fontSize="12pt" mb="4">
        {[dayName, room ? `${room}. terem` : ''].filter(Boolean).join(' · ')}
      </Text>
      <Box
        display="grid"
        gridTemplateColumns={`repeat(${columns}, minmax(0, 1fr))`}
        gap="4px"
        fontSize={columns > 12 ? '7pt' : '9pt'}
      >
        {Array.from({ length: rows * columns }, (_, index) => {
          const cell = positionOf(index % columns, Math.floor(index / columns))
          const type = types.get(cell)
          const student = seats.get(cell)
          return (
            <Box
              key={cell}
              minH="12mm"
              p="1"
              textAlign="center"
              display="flex"
              alignItems="center"
              justifyContent="center"
              border={type ? '1px solid black' : undefined}
              fontWeight={type === 'teacher' ? 'bold' : undefined}
              bg={type === 'teacher' ? '#eee' : undefined}
              wordBreak="break-word"
            >
              {type === 'teacher' ? 'Tanári asztal' : type === 'student' ? (student?.name ?? '') : ''}
            </Box>
          )
        })}
      </Box>
    </Box>,
    document.body,
  )
}
