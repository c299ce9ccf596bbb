/**
 * The printed jelenléti ív (issue 20): the month's sheet for signing, on A4 landscape, with the workbook's header
 * (group, teacher, room, month), columns (pupil, username, the sessions, the totals per status), status letters,
 * totals per session and legend (GET /groups/:id/attendance/month, the XLSX's builder), then a line for the teacher's
 * signature. Mounted while printing, straight under <body>, as the seating chart's print (seating-print.tsx): a print
 * rule hides every other child of <body>, so the paper shows only the sheet, in black on white.
 */
import { Box, chakra, Heading, Text } from '@chakra-ui/react'
import { Global } from '@emotion/react'
import { createPortal } from 'react-dom'
import {
  ATTENDANCE_LEGEND,
  ATTENDANCE_LETTERS,
  ATTENDANCE_STATUSES,
  ATTENDANCE_TOTAL_HEADS,
  type AttendanceMonthResponse,
} from '@contract/api'

const PRINT_ONLY = {
  '@media print': {
    '@page': { size: 'A4 landscape', margin: '10mm' },
    'body > *:not([data-attendance-print])': { display: 'none !important' },
  },
}

/** A session's column head, as the workbook's: '11. 03.'. */
export function sessionHead(day: string): string {
  return `${day.slice(5, 7)}. ${day.slice(8, 10)}.`
}

const CELL = { border: '1px solid black', padding: '1mm 1.5mm' } as const
const NUMBER = { ...CELL, textAlign: 'center' } as const

export function AttendancePrint({ sheet }: { sheet: AttendanceMonthResponse }) {
  const header: [string, string][] = [
    ['Csoport', sheet.groupName],
    ['Oktató', sheet.instructor],
    ['Terem', sheet.room ? `${sheet.room}. terem` : 'Nincs terem'],
    ['Hónap', sheet.monthName],
  ]
  return createPortal(
    <Box
      data-attendance-print=""
      role="region"
      aria-label="Nyomtatási nézet"
      display="none"
      _print={{ display: 'block' }}
      bg="white"
      color="black"
      fontFamily="body"
      fontSize="9pt"
    >
      <Global styles={PRINT_ONLY} />
      <Heading as="h1" fontSize="16pt" color="black" mb="2">
        Jelenléti ív
      </Heading>
      <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4mm" mb="3">
        {header.map(([term, value]) => (
          <Box key={term} display="contents">
            <Box as="dt" fontWeight="bold">
              {term}
            </Box>
            <Box as="dd">{value}</Box>
          </Box>
        ))}
      </Box>
      <chakra.table width="full" borderCollapse="collapse" css={{ '& th, & td': CELL }}>
        <thead>
          <tr>
            <chakra.th textAlign="start">Tanuló</chakra.th>
            <chakra.th textAlign="start">Felhasználónév</chakra.th>
            {sheet.sessions.map((day) => (
              <chakra.th key={day} css={NUMBER}>
                {sessionHead(day)}
              </chakra.th>
            ))}
            {ATTENDANCE_STATUSES.map((status) => (
              <chakra.th key={status} css={NUMBER}>
                {ATTENDANCE_TOTAL_HEADS[status]}
              </chakra.th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.pupils.map((pupil) => (
            <tr key={pupil.username}>
              <td>{pupil.name}</td>
              <td>{pupil.username}</td>
              {pupil.marks.map((mark, index) => (
                <chakra.td key={sheet.sessions[index]} css={NUMBER} fontWeight="bold">
                  {mark ? ATTENDANCE_LETTERS[mark] : ''}
                </chakra.td>
              ))}
              {ATTENDANCE_STATUSES.map((status) => (
                <chakra.td key={status} css={NUMBER}>
                  {pupil.totals[status]}
                </chakra.td>
              ))}
            </tr>
          ))}
          {ATTENDANCE_STATUSES.map((status, row) => (
            <chakra.tr key={status} bg="#eee">
              <chakra.th scope="row" textAlign="start" colSpan={2}>
                {`${ATTENDANCE_TOTAL_HEADS[status]} (${ATTENDANCE_LETTERS[status]})`}
              </chakra.th>
              {sheet.sessionTotals.map((counts, index) => (
                <chakra.td key={sheet.sessions[index]} css={NUMBER}>
                  {counts[status]}
                </chakra.td>
              ))}
              {ATTENDANCE_STATUSES.map((column, index) => (
                <chakra.td key={column} css={NUMBER}>
                  {index === row ? sheet.totals[status] : ''}
                </chakra.td>
              ))}
            </chakra.tr>
          ))}
        </tbody>
      </chakra.table>
      <Text mt="2">{ATTENDANCE_LEGEND}</Text>
      <Box display="flex" justifyContent="flex-end" mt="12mm">
        <Box borderTop="1px solid black" minW="70mm" textAlign="center" pt="1mm">
          Oktató aláírása
        </Box>
      </Box>
    </Box>,
    document.body,
  )
}
