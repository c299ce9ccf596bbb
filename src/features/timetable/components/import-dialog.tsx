/**
 * Importálás: an .xlsx chooser (spec §5: a file must be chosen — 'Kérlek válassz ki egy fájlt!'; only .xlsx), then a
 * preview of what would be added, what is already in the plan and which rows cannot be used and why. Nothing
 * changes before the user says so: 'Hozzáadás' only adds; 'Csere' replaces the plan after a confirmation.
 * The file is read in a Web Worker within bounds (../read-timetable-file): SheetJS loads there, never in the tab.
 */
import { Box, Button, Input, Table, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { FormDialog } from '@/components/form-dialog'
import { FormField } from '@/components/form'
import type { TimetableClass } from '../timetable-class'
import { readTimetableFile } from '../read-timetable-file'
import { mergeImport, timeText, type InvalidRow } from '../timetable-rows'

export const IMPORT_MESSAGES = {
  noFile: 'Kérlek válassz ki egy fájlt!',
  notXlsx: 'Csak .xlsx fájl importálható.',
  unreadable: 'A fájl nem olvasható. Válassz egy érvényes .xlsx fájlt!',
  nothingToAdd: 'A fájlban nincs új óra: nincs mit hozzáadni.',
} as const

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export interface ImportDialogProps {
  open: boolean
  current: readonly TimetableClass[]
  onClose: () => void
  /** Stores the plan the import gives; resolves when stored. */
  onImport: (next: TimetableClass[], how: 'add' | 'replace') => Promise<void>
}

type Step =
  { step: 'choose' } | { step: 'preview'; fileName: string; classes: TimetableClass[]; invalid: InvalidRow[] }

export function ImportDialog({ open, current, onClose, onImport }: ImportDialogProps) {
  const [state, setState] = useState<Step>({ step: 'choose' })
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirmReplace, setConfirmReplace] = useState(false)

  const plan = useMemo(
    () => (state.step === 'preview' ? mergeImport(current, state.classes) : null),
    [current, state],
  )

  async function readFile() {
    if (!file) return setError(IMPORT_MESSAGES.noFile)
    if (!file.name.toLowerCase().endsWith('.xlsx')) return setError(IMPORT_MESSAGES.notXlsx)
    setBusy(true)
    try {
      const parsed = await readTimetableFile(await file.arrayBuffer())
      if (!parsed.ok) setError(parsed.message)
      else
        setState({ step: 'preview', fileName: file.name, classes: parsed.classes, invalid: parsed.invalid })
    } catch (failure) {
      console.error(failure)
      setError(IMPORT_MESSAGES.unreadable)
    } finally {
      setBusy(false)
    }
  }

  async function apply(how: 'add' | 'replace') {
    if (!plan) return
    setBusy(true)
    try {
      await onImport(how === 'add' ? plan.afterAdd : plan.afterReplace, how)
      setConfirmReplace(false)
    } catch {
      // The screen told the user; the preview stays.
    } finally {
      setBusy(false)
    }
  }

  const preview = state.step === 'preview' && plan ? { ...state, plan } : null
  const canReplace = preview !== null && current.length > 0 && preview.classes.length > 0

  return (
    <>
      <FormDialog
        open={open && !confirmReplace}
        title="Importálás"
        description={
          preview
            ? `${preview.fileName}: ellenőrizd, mi kerül a tervbe. Amíg nem választasz, semmi sem változik.`
            : 'Válaszd ki az órarendet tartalmazó .xlsx fájlt (például egy korábbi exportot).'
        }
        onClose={onClose}
        onSubmit={() => void (preview ? apply('add') : readFile())}
        footer={
          preview ? (
            <>
              <Button
                variant="ghost"
                me="auto"
                onClick={() => {
                  setState({ step: 'choose' })
                  setFile(null)
                }}
                disabled={busy}
              >
                Vissza
              </Button>
              {canReplace && (
                <Button
                  variant="outline"
                  colorPalette="red"
                  onClick={() => setConfirmReplace(true)}
                  disabled={busy}
                >
                  Csere
                </Button>
              )}
              <Button
                type="submit"
                colorPalette="blue"
                loading={busy}
                disabled={preview.plan.added.length === 0}
              >
                Hozzáadás ({preview.plan.added.length})
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Mégse
              </Button>
              <Button type="submit" colorPalette="blue" loading={busy}>
                Tovább
              </Button>
            </>
          )
        }
      >
        {preview ? (
          <ImportPreview
            added={preview.plan.added}
            alreadyThere={preview.plan.alreadyThere}
            invalid={preview.invalid}
          />
        ) : (
          <FormField label="XLSX fájl" error={error}>
            <Input
              type="file"
              accept={`.xlsx,${XLSX_TYPE}`}
              pt="1.5"
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null)
                setError(null)
              }}
            />
          </FormField>
        )}
      </FormDialog>
      <ConfirmDialog
        open={open && confirmReplace}
        title="Terv cseréje"
        question="Biztosan lecseréled a jelenlegi tervet a fájl tartalmára?"
        note={
          preview
            ? `A jelenlegi ${current.length} óra törlődik, helyükre a fájl ${preview.classes.length} órája kerül.`
            : undefined
        }
        confirmLabel="Csere"
        busy={busy}
        onCancel={() => setConfirmReplace(false)}
        onConfirm={() => void apply('replace')}
      />
    </>
  )
}

function ImportPreview({
  added,
  alreadyThere,
  invalid,
}: {
  added: readonly TimetableClass[]
  alreadyThere: number
  invalid: readonly InvalidRow[]
}) {
  return (
    <>
      <Box as="section" aria-label="Hozzáadandó órák">
        <Text fontWeight="semibold">Hozzáadandó órák: {added.length}</Text>
        {added.length === 0 ? (
          <Text color="fg.muted">{IMPORT_MESSAGES.nothingToAdd}</Text>
        ) : (
          <Box maxH="15rem" overflow="auto" mt="2" tabIndex={0} aria-label="Hozzáadandó órák listája">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Időpont</Table.ColumnHeader>
                  <Table.ColumnHeader>Óra neve</Table.ColumnHeader>
                  <Table.ColumnHeader>Oktató</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {added.map((c) => (
                  <Table.Row key={c.id}>
                    <Table.Cell whiteSpace="nowrap">{timeText(c)}</Table.Cell>
                    <Table.Cell>{c.name}</Table.Cell>
                    <Table.Cell>{c.instructor}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Box>
      {alreadyThere > 0 && <Text color="fg.muted">Már a tervben van, kimarad: {alreadyThere}</Text>}
      {invalid.length > 0 && (
        <Box as="section" aria-label="Hibás sorok">
          <Text fontWeight="semibold" color="fg.error">
            Hibás sorok, kimaradnak: {invalid.length}
          </Text>
          <Box
            as="ul"
            listStyleType="disc"
            ps="5"
            mt="1"
            maxH="10rem"
            overflow="auto"
            fontSize="sm"
            tabIndex={0}
          >
            {invalid.map((row) => (
              <Box as="li" key={row.row}>
                {row.row}. sor: {row.reasons.join(' ')}
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </>
  )
}
