/**
 * The layout designer (spec §4 "Classroom designer"): the tools 'Diák asztal' and 'Tanári asztal' (each toggles),
 * the grid, 'Összes törlése' (after a confirmation), the size (columns, rows: a smaller size drops what falls
 * outside) and the name. Every change is handed to `onSave` at once: the screen sends it through the outbox, so the
 * dialog keeps its own copy of the layout and never waits for a save.
 */
import { Box, Button, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { Eraser, Presentation, User } from 'lucide-react'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { Classroom, ClassroomLayout, ClassroomRequest } from '@contract/api'
import { clampDimension } from '@contract/classroom-layout'
import { LIMITS } from '@contract/limits'
import { DialogFrame } from '@/components/dialog-frame'
import { FormField } from '@/components/form'
import { clearAll, deskCounts, droppedByResize, resize, toggleTool, type Tool } from '../layout-edits'
import { DeskLegend } from './desk-marker'
import { DesignerGrid } from './designer-grid'
import { SIZE_INPUT } from './size-input'

interface LayoutDesignerProps {
  /** The room as shown when the dialog opened; the dialog edits its own copy from then on. */
  classroom: Classroom | null
  /** Changes of this room wait in the outbox. */
  pending: boolean
  onSave: (id: string, request: ClassroomRequest) => void
  onClose: () => void
}

export function LayoutDesigner({ classroom, pending, onSave, onClose }: LayoutDesignerProps) {
  const [moving, setMoving] = useState(false)
  // The room stays on screen while the dialog's closing animation runs (its title names the dialog till the end).
  const [last, setLast] = useState<Classroom | null>(classroom)
  if (classroom !== null && classroom !== last) setLast(classroom)
  const shown = classroom ?? last
  return (
    <DialogFrame
      open={classroom !== null}
      title="Terem szerkesztése"
      subtitle={
        <Text role="status" fontSize="sm" color={pending ? 'orange.fg' : 'fg.muted'}>
          {pending ? 'Mentésre vár' : 'Minden módosítás mentve'}
        </Text>
      }
      description="Válassz eszközt, majd kattints egy üres cellára a lerakáshoz; egy bútorra kattintva törlöd. A bútorokat üres cellára húzhatod. Minden módosítás azonnal mentésre kerül."
      onClose={onClose}
      onExitComplete={() => setLast(null)}
      // While a piece of furniture is being moved, Escape cancels the move instead of closing the dialog.
      onEscapeKeyDown={(event) => {
        if (moving) event.preventDefault()
      }}
      size="xl"
      fullScreenOnPhone
      closeButton
      footer={
        <Button colorPalette="blue" onClick={onClose}>
          Kész
        </Button>
      }
    >
      {shown && <DesignerBody key={shown._id} classroom={shown} onSave={onSave} onMovingChange={setMoving} />}
    </DialogFrame>
  )
}

export const TOOL_HINTS = {
  none: 'Válassz eszközt (Diák asztal vagy Tanári asztal), majd koppints egy üres cellára. Egy bútorra koppintva törlöd.',
  student: 'Kiválasztva: Diák asztal. Koppints egy üres cellára; az eszközre újra koppintva kikapcsolod.',
  teacher: 'Kiválasztva: Tanári asztal. Koppints egy üres cellára; az eszközre újra koppintva kikapcsolod.',
} as const

function toolHint(tool: Tool): string {
  return tool === null ? TOOL_HINTS.none : TOOL_HINTS[tool]
}

interface DesignerBodyProps extends Pick<LayoutDesignerProps, 'onSave'> {
  classroom: Classroom
  onMovingChange: (moving: boolean) => void
}

function DesignerBody({ classroom, onSave, onMovingChange }: DesignerBodyProps) {
  const [name, setName] = useState(classroom.name)
  const [layout, setLayout] = useState(classroom.layout)
  // No tool at first (issue 18): a first tap on 'Diák asztal' selects it instead of turning it off; the hint says so.
  const [tool, setTool] = useState<Tool>(null)
  const [nameText, setNameText] = useState(classroom.name)
  const [columnsText, setColumnsText] = useState(String(classroom.layout.size[0]))
  const [rowsText, setRowsText] = useState(String(classroom.layout.size[1]))
  const [confirmClear, setConfirmClear] = useState(false)
  const confirmButton = useRef<HTMLButtonElement>(null)

  const save = useCallback(
    (next: ClassroomRequest) => {
      setName(next.name)
      setLayout(next.layout)
      onSave(classroom._id, next)
    },
    [classroom._id, onSave],
  )
  const changeLayout = useCallback((next: ClassroomLayout) => save({ name, layout: next }), [name, save])

  function commitName() {
    const trimmed = nameText.trim()
    // An empty name cannot be saved (the server refuses it): the last saved one comes back.
    if (!trimmed || trimmed === name) {
      setNameText(name)
      return
    }
    setNameText(trimmed)
    save({ name: trimmed, layout })
  }

  function commitSize() {
    const columns = clampDimension(columnsText)
    const rows = clampDimension(rowsText)
    setColumnsText(String(columns))
    setRowsText(String(rows))
    const next = resize(layout, columns, rows)
    if (next !== layout) changeLayout(next)
  }

  const commitOnEnter = (commit: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      commit()
    }
  }

  useEffect(() => {
    if (confirmClear) confirmButton.current?.focus()
  }, [confirmClear])

  const { student, teacher } = deskCounts(layout)
  const wouldDrop = droppedByResize(layout, columnsText, rowsText)

  return (
    <>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ base: 'stretch', sm: 'start' }}>
        <Box flex="2" minW="0">
          <FormField label="Terem neve">
            <Input
              value={nameText}
              maxLength={LIMITS.nameMax}
              autoComplete="off"
              onChange={(event) => setNameText(event.target.value)}
              onBlur={commitName}
              onKeyDown={commitOnEnter(commitName)}
            />
          </FormField>
        </Box>
        <HStack flex="1" gap="3" align="start">
          <FormField label="Oszlopok">
            <Input
              {...SIZE_INPUT}
              value={columnsText}
              onChange={(event) => setColumnsText(event.target.value)}
              onBlur={commitSize}
              onKeyDown={commitOnEnter(commitSize)}
            />
          </FormField>
          <FormField label="Sorok">
            <Input
              {...SIZE_INPUT}
              value={rowsText}
              onChange={(event) => setRowsText(event.target.value)}
              onBlur={commitSize}
              onKeyDown={commitOnEnter(commitSize)}
            />
          </FormField>
        </HStack>
      </Stack>
      {wouldDrop > 0 && (
        <Text role="status" fontSize="sm" color="fg.warning">
          Az új méretnél {wouldDrop} bútor kívül esik a termen, és törlődik.
        </Text>
      )}

      <Flex role="toolbar" aria-label="Eszközök" gap="2" wrap="wrap" align="center">
        <Button
          variant={tool === 'student' ? 'solid' : 'outline'}
          colorPalette="blue"
          aria-pressed={tool === 'student'}
          onClick={() => setTool((current) => toggleTool(current, 'student'))}
        >
          <User aria-hidden />
          Diák asztal
        </Button>
        <Button
          variant={tool === 'teacher' ? 'solid' : 'outline'}
          colorPalette="orange"
          aria-pressed={tool === 'teacher'}
          onClick={() => setTool((current) => toggleTool(current, 'teacher'))}
        >
          <Presentation aria-hidden />
          Tanári asztal
        </Button>
        <Box flex="1" />
        {confirmClear ? (
          <HStack gap="2" wrap="wrap" role="group" aria-label="Összes törlése">
            <Text fontSize="sm">Biztosan törlöd az összes bútort?</Text>
            <Button
              ref={confirmButton}
              colorPalette="red"
              onClick={() => {
                setConfirmClear(false)
                const next = clearAll(layout)
                if (next !== layout) changeLayout(next)
              }}
            >
              Igen, mindet törlöm
            </Button>
            <Button variant="outline" onClick={() => setConfirmClear(false)}>
              Mégsem
            </Button>
          </HStack>
        ) : (
          <Button
            variant="outline"
            colorPalette="red"
            onClick={() => setConfirmClear(true)}
            disabled={layout.objects.length === 0}
          >
            <Eraser aria-hidden />
            Összes törlése
          </Button>
        )}
      </Flex>

      <Text id="designer-tool-hint" fontSize="sm" color="fg.muted" aria-live="polite">
        {toolHint(tool)}
      </Text>

      <DesignerGrid
        layout={layout}
        tool={tool}
        onChange={changeLayout}
        onMovingChange={onMovingChange}
        label={`${name} elrendezése`}
      />

      <Flex direction="column" gap="2">
        <DeskLegend />
        <Text fontSize="sm" color="fg.muted">
          {student} diák asztal, {teacher} tanári asztal. Billentyűzettel: nyilak a cellák között, Enter vagy
          Szóköz: lerakás vagy törlés, M: mozgatás (Enter a lerakáshoz), Esc: mégse.
        </Text>
      </Flex>
    </>
  )
}
