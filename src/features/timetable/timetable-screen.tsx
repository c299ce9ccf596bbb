/**
 * Munkaidő tervező — the spec's Órarendtervező: a weekly plan of classes, made and kept on this device only (no
 * server calls; spec "All data is local mock data"). Beyond the spec: the plan is stored in IndexedDB per user and
 * wiped with the user's data (api/timetable-plan.ts), blocks open for editing and deleting, overlapping classes sit
 * side by side, a teacher booked twice at once is marked, and the XLSX export imports back to the same plan.
 * Where the week does not fit (below 75em: a phone, a tablet, a small window beside the sidebar) one day is shown
 * at a time with a day pager (components/day-view.tsx), opening on today; 'Új óra' starts on the day shown, and a
 * class created or moved there brings its day into view.
 * Default export: the shell loads this screen lazily.
 */
import { Box, Button, Flex, Heading, Spinner, Text } from '@chakra-ui/react'
import { Download, Plus, Trash2, Upload } from 'lucide-react'
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import { useDashboard } from '@/api/dashboard'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { notify } from '@/lib/notify'
import { preloadable } from '@/lib/preloadable'
import { useMediaQuery } from '@/lib/use-media-query'
import { whenIdle } from '@/lib/when-idle'
import { usePlan } from './api/timetable-plan'
import { DayView } from './components/day-view'
import { WeekGrid } from './components/week-grid'
import { instructorConflicts, instructorKey } from './layout'
import { todayWeekday } from './slots'
import {
  buildClass,
  defaultFormValues,
  fieldsOfForm,
  formValuesOf,
  newClassId,
  type ClassFormValues,
  type TimetableClass,
} from './timetable-class'

export const MESSAGES = {
  loadFailed: 'Hiba történt az adatok betöltése közben',
  created: 'Óra sikeresen létrehozva!',
  updated: 'Óra sikeresen módosítva!',
  deleted: 'Óra törölve.',
  cleared: 'Az órarend kiürítve.',
  imported: 'Adatok sikeresen importálva!',
  exported: 'Adatok sikeresen exportálva!',
  saveFailed: 'Hiba történt a mentés során. Próbáld újra!',
  exportFailed: 'Hiba történt az exportálás során.',
} as const

/**
 * Below this the seven day columns (3.5 rem ruler + 7 × 7.5 rem) do not fit beside the sidebar (16 rem from 64em)
 * and the page's padding: the day view instead.
 */
export const DAY_VIEW_QUERY = '(max-width: 74.99em)'

const NO_CLASSES: TimetableClass[] = []

/**
 * The two dialogs hold the form library and the import's preview: their own chunks, loaded on an idle moment once
 * the week is shown (or on the first opening), so the screen's chunk is the grid and the toolbar.
 */
const ClassDialog = preloadable(() =>
  import('./components/class-dialog').then((module) => module.ClassDialog),
)
const ImportDialog = preloadable(() =>
  import('./components/import-dialog').then((module) => module.ImportDialog),
)

type Editing = { mode: 'create'; values: ClassFormValues } | { mode: 'edit'; value: TimetableClass }

export default function TimetableScreen() {
  const user = useDashboard().data?.user ?? null
  const { query, save } = usePlan(user?.id ?? null)
  const classes = query.data ?? NO_CLASSES
  const today = todayWeekday()
  const dayView = useMediaQuery(DAY_VIEW_QUERY)
  const [shownDay, setShownDay] = useState(today)
  // The class just created or saved: the grid scrolls it into sight (a new object for every save).
  const [reveal, setReveal] = useState<{ id: string } | null>(null)

  // A new key for each opening mounts the form afresh, at its defaults (spec §4: reset after create).
  const [opening, setOpening] = useState(0)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [dialogOpen, setDialogOpen] = useState(false)
  const [deleting, setDeleting] = useState<TimetableClass | null>(null)
  const [importOpen, setImportOpen] = useState(false)
  const [clearing, setClearing] = useState(false)
  const [busy, setBusy] = useState(false)
  const [exporting, setExporting] = useState(false)

  useEffect(
    () =>
      whenIdle(() => {
        ClassDialog.preload().catch(() => undefined)
        ImportDialog.preload().catch(() => undefined)
      }),
    [],
  )

  const instructors = useMemo(() => {
    const names = new Map<string, string>()
    if (user && user.type !== 'student') names.set(instructorKey(user.name), user.name)
    for (const c of classes)
      if (!names.has(instructorKey(c.instructor))) names.set(instructorKey(c.instructor), c.instructor)
    return [...names.values()].sort((a, b) => a.localeCompare(b, 'hu'))
  }, [user, classes])
  const conflictCount = useMemo(() => instructorConflicts(classes).size, [classes])

  const openCreate = useCallback(
    (day = today, start?: number) => {
      const values = defaultFormValues(day)
      if (start !== undefined) {
        values.start = String(start)
        values.end = String(Math.min(95, start + 4))
      }
      setEditing({ mode: 'create', values })
      setOpening((n) => n + 1)
      setDialogOpen(true)
    },
    [today],
  )
  const openEdit = useCallback((value: TimetableClass) => {
    setEditing({ mode: 'edit', value })
    setOpening((n) => n + 1)
    setDialogOpen(true)
  }, [])
  const pick = useCallback((day: number, slot: number) => openCreate(day, slot), [openCreate])

  async function store(next: TimetableClass[], success: string): Promise<void> {
    try {
      await save(next)
      notify.success(success)
    } catch (error) {
      console.error(error)
      notify.error(MESSAGES.saveFailed)
      throw error
    }
  }

  async function submit(values: ClassFormValues) {
    if (editing?.mode === 'edit') {
      const { value } = editing
      const changed = buildClass(value.id, fieldsOfForm(values, value.students))
      await store(
        classes.map((c) => (c.id === value.id ? changed : c)),
        MESSAGES.updated,
      )
      setReveal({ id: value.id })
    } else {
      const id = newClassId()
      await store([...classes, buildClass(id, fieldsOfForm(values))], MESSAGES.created)
      setReveal({ id })
    }
    setDialogOpen(false)
    // In the day view the class's day comes into view (where it was created or moved to), and the class itself.
    setShownDay(Number(values.day))
  }

  async function confirmDelete() {
    if (!deleting) return
    setBusy(true)
    try {
      await store(
        classes.filter((c) => c.id !== deleting.id),
        MESSAGES.deleted,
      )
      setDeleting(null)
    } catch {
      // Told by store(); the question stays open.
    } finally {
      setBusy(false)
    }
  }

  async function confirmClear() {
    setBusy(true)
    try {
      await store([], MESSAGES.cleared)
      setClearing(false)
    } catch {
      // Told by store().
    } finally {
      setBusy(false)
    }
  }

  async function importPlan(next: TimetableClass[]) {
    await store(next, MESSAGES.imported)
    setImportOpen(false)
  }

  async function exportPlan() {
    setExporting(true)
    try {
      const { downloadTimetableXlsx } = await import('./timetable-xlsx')
      downloadTimetableXlsx(classes)
      notify.success(MESSAGES.exported)
    } catch (error) {
      console.error(error)
      notify.error(MESSAGES.exportFailed)
    } finally {
      setExporting(false)
    }
  }

  const ready = query.isSuccess
  return (
    <Flex direction="column" gap="4" p={{ base: '4', md: '6' }}>
      <Box as="header">
        <Heading as="h1" size="2xl">
          Órarendtervező
        </Heading>
        <Text color="fg.muted" mt="1">
          A heti órarend tervezése. A terv csak ezen az eszközön, a te felhasználódhoz tárolódik.
        </Text>
      </Box>

      <Flex gap="2" wrap="wrap" align="center">
        <Button colorPalette="blue" onClick={() => openCreate(dayView ? shownDay : today)} disabled={!ready}>
          <Plus aria-hidden />
          Új óra
        </Button>
        <Button variant="outline" onClick={() => setImportOpen(true)} disabled={!ready}>
          <Upload aria-hidden />
          Importálás
        </Button>
        <Button variant="outline" onClick={() => void exportPlan()} loading={exporting} disabled={!ready}>
          <Download aria-hidden />
          Exportálás
        </Button>
        <Button
          variant="ghost"
          colorPalette="red"
          onClick={() => setClearing(true)}
          disabled={!ready || classes.length === 0}
        >
          <Trash2 aria-hidden />
          Összes törlése
        </Button>
        {ready && (
          <Text color="fg.muted" ms={{ md: 'auto' }} aria-live="polite">
            {classes.length} óra a tervben
            {conflictCount > 0 && (
              <Text as="span" color="fg.error" fontWeight="semibold">
                {' '}
                · {conflictCount} óránál ütközik az oktató
              </Text>
            )}
          </Text>
        )}
      </Flex>

      {query.isPending ? (
        <Flex role="status" align="center" justify="center" gap="3" py="12" color="fg.muted">
          <Spinner size="sm" />
          <Text>Órarend betöltése...</Text>
        </Flex>
      ) : query.isError ? (
        <Flex direction="column" align="center" gap="3" py="12">
          <Text role="alert" color="fg.error">
            {MESSAGES.loadFailed}
          </Text>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Újrapróbálás
          </Button>
        </Flex>
      ) : (
        <>
          {classes.length === 0 && (
            <Text color="fg.muted">
              Még nincs óra a tervben. Az „Új óra” gombbal, a rács egy helyére kattintva vagy importálással
              adhatsz hozzá.
            </Text>
          )}
          {dayView ? (
            <DayView
              classes={classes}
              today={today}
              day={shownDay}
              onDayChange={setShownDay}
              onOpen={openEdit}
              onPick={pick}
              reveal={reveal}
            />
          ) : (
            <WeekGrid classes={classes} today={today} onOpen={openEdit} onPick={pick} reveal={reveal} />
          )}
        </>
      )}

      <Suspense fallback={null}>
        {editing && (
          <ClassDialog
            key={opening}
            open={dialogOpen}
            mode={editing.mode}
            defaultValues={editing.mode === 'edit' ? formValuesOf(editing.value) : editing.values}
            instructors={instructors}
            onClose={() => setDialogOpen(false)}
            onSubmit={submit}
            onDelete={
              editing.mode === 'edit'
                ? () => {
                    setDialogOpen(false)
                    setDeleting(editing.value)
                  }
                : undefined
            }
          />
        )}
      </Suspense>
      <ConfirmDialog
        open={deleting !== null}
        title="Óra törlése"
        question="Biztosan törölni szeretnéd ezt az órát?"
        subject={
          deleting
            ? `${deleting.name} (${deleting.day.name} ${deleting.startTime.fullLabel}–${deleting.endTime.fullLabel})`
            : undefined
        }
        confirmLabel="Törlés"
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
      <ConfirmDialog
        open={clearing}
        title="Összes óra törlése"
        question="Biztosan törölni szeretnéd a terv összes óráját?"
        note={`${classes.length} óra törlődik. Előtte érdemes exportálni.`}
        confirmLabel="Összes törlése"
        busy={busy}
        onCancel={() => setClearing(false)}
        onConfirm={() => void confirmClear()}
      />
      {importOpen && (
        <Suspense fallback={null}>
          <ImportDialog
            open={importOpen}
            current={classes}
            onClose={() => setImportOpen(false)}
            onImport={importPlan}
          />
        </Suspense>
      )}
    </Flex>
  )
}
