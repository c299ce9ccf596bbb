/**
 * The card's picture of a layout (spec §9: at most 250×150, cells at most 20 px). Student desks are squares,
 * the teacher's desk a circle (shape, not colour alone, tells them apart); the picture's name says the same in words.
 */
import { chakra } from '@chakra-ui/react'
import type { ClassroomLayout } from '@contract/api'
import { layoutSummary } from '../layout-edits'
import { PREVIEW_MAX, previewSize } from '../preview-size'

export function LayoutPreview({ layout }: { layout: ClassroomLayout }) {
  const [columns, rows] = layout.size
  const { cell, width, height } = previewSize(columns, rows)
  const step = cell + PREVIEW_MAX.gap
  const empty = []
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < columns; x++)
      empty.push(<rect key={`${x}-${y}`} x={x * step} y={y * step} width={cell} height={cell} rx={1} />)
  return (
    <chakra.svg
      role="img"
      aria-label={`Elrendezés: ${layoutSummary(layout)}`}
      w={`${width}px`}
      h={`${height}px`}
      viewBox={`0 0 ${width} ${height}`}
      flex="none"
      css={{
        '& .empty': { fill: 'var(--chakra-colors-border)' },
        '& .student': { fill: 'var(--chakra-colors-blue-solid)' },
        '& .teacher': { fill: 'var(--chakra-colors-orange-solid)' },
      }}
    >
      <g className="empty">{empty}</g>
      {layout.objects.map((object) =>
        object.type === 'student' ? (
          <rect
            key={`${object.x}-${object.y}`}
            className="student"
            x={object.x * step}
            y={object.y * step}
            width={cell}
            height={cell}
            rx={Math.min(2, cell / 4)}
          />
        ) : (
          <circle
            key={`${object.x}-${object.y}`}
            className="teacher"
            cx={object.x * step + cell / 2}
            cy={object.y * step + cell / 2}
            r={cell / 2}
          />
        ),
      )}
    </chakra.svg>
  )
}
