/**
 * Fájlok (spec §2, §8): one folder of FILES_ROOT at a time — folders open, files download, 'Vissza' goes to the
 * parent. Dot-files are hidden unless 'Rejtett fájlok' is on; the search filters by file name. With `uploadFile`
 * (issue 9): 'Feltöltés' (a file chooser, or files dropped on the list) with a progress bar and a cancel a file, and
 * 'Új mappa'; per row 'Átnevezés' and 'Törlés' (issue 18, a confirmation naming the entry first); all online only.
 * Default export: the shell loads this screen lazily.
 */
import { Box, Button, Flex, Heading, HStack, Switch, Text } from '@chakra-ui/react'
import {
  ArrowLeft,
  Download,
  File,
  Folder,
  FolderOpen,
  FolderPlus,
  Pencil,
  Trash2,
  Upload,
} from 'lucide-react'
import { memo, useCallback, useMemo, useRef, useState, type DragEvent } from 'react'
import type { FileEntry } from '@contract/api'
import { TIMING } from '@contract/limits'
import { MESSAGES } from '@contract/messages'
import { useFeature } from '@/session/use-features'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ListState, type ListWords } from '@/components/list-state'
import { ListToolbar } from '@/components/list-toolbar'
import { RowActionsMenu } from '@/components/row-actions-menu'
import { OfflineMarker } from '@/components/offline-marker'
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { useOnlineStatus } from '@/lib/online-status'
import { useSearchTerm } from '@/lib/use-search-term'
import { childPath, formatModified, formatSize, parentPath } from './file-format'
import { downloadFile, useCreateFolder, useDeleteEntry, useFiles, useRenameEntry } from './api/files'
import { useUploads } from './use-uploads'
import { NewFolderDialog } from './components/new-folder-dialog'
import { RenameDialog } from './components/rename-dialog'
import { UploadList } from './components/upload-list'

const NO_FILES: FileEntry[] = []

export default function FilesScreen() {
  const [path, setPath] = useState('')
  const files = useFiles(path)
  const list = files.data?.files ?? NO_FILES

  const [showHidden, setShowHidden] = useState(false)
  const [term, typedTerm, setTerm] = useSearchTerm(TIMING.searchDebounceMs)
  const settledTerm = typedTerm.trim().toLocaleLowerCase('hu')
  const searching = settledTerm !== ''
  const visible = useMemo(
    () =>
      list.filter(
        (entry) =>
          (showHidden || !entry.fileName.startsWith('.')) &&
          (!searching || entry.fileName.toLocaleLowerCase('hu').includes(settledTerm)),
      ),
    [list, showHidden, searching, settledTerm],
  )

  const open = useCallback(
    (name: string) => {
      setPath((current) => childPath(current, name))
      setTerm('')
    },
    [setTerm],
  )
  const back = () => {
    setPath(parentPath(path))
    setTerm('')
  }
  const download = useCallback(
    async (name: string) => {
      try {
        await downloadFile(childPath(path, name), name)
      } catch {
        notify.error(MESSAGES.fileDownloadFailed)
      }
    },
    [path],
  )

  const canUpload = useFeature('uploadFile')
  const online = useOnlineStatus()
  const uploads = useUploads()
  const chooser = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [folderOpen, setFolderOpen] = useState(false)
  const [folderError, setFolderError] = useState<string | null>(null)
  const createFolder = useCreateFolder()
  const writable = canUpload && online

  const upload = (chosen: FileList | null) => {
    if (chosen && chosen.length > 0) uploads.start(path, [...chosen], list)
  }
  const dragOver = (event: DragEvent) => {
    if (!writable || !event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }
  const drop = (event: DragEvent) => {
    setDragging(false)
    if (!writable) return
    event.preventDefault()
    upload(event.dataTransfer.files)
  }
  const closeFolder = () => {
    setFolderOpen(false)
    setFolderError(null)
  }
  const makeFolder = (name: string) => {
    setFolderError(null)
    createFolder.mutate(
      { path, name },
      {
        onSuccess: () => {
          notify.success(MESSAGES.folderCreated)
          closeFolder()
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
            setFolderError(error.message)
          } else {
            notify.error(
              error instanceof ApiError && error.status === 403 ? error.message : MESSAGES.folderCreateFailed,
            )
          }
        },
      },
    )
  }

  const [renaming, setRenaming] = useState<FileEntry | null>(null)
  const [renameError, setRenameError] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<FileEntry | null>(null)
  const renameEntry = useRenameEntry()
  const deleteEntry = useDeleteEntry()
  const onRename = useCallback((entry: FileEntry) => {
    setRenameError(null)
    setRenaming(entry)
  }, [])
  const onDelete = useCallback((entry: FileEntry) => setDeleting(entry), [])
  const changes = useMemo(
    () => (canUpload ? { enabled: online, onRename, onDelete } : null),
    [canUpload, online, onRename, onDelete],
  )
  const closeRename = () => {
    setRenaming(null)
    setRenameError(null)
  }
  const rename = (name: string) => {
    if (!renaming) return
    setRenameError(null)
    renameEntry.mutate(
      { path: childPath(path, renaming.fileName), name },
      {
        onSuccess: () => {
          notify.success(MESSAGES.fileRenamed)
          closeRename()
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
            setRenameError(error.message)
          } else {
            notify.error(
              error instanceof ApiError && (error.status === 403 || error.status === 404)
                ? error.message
                : MESSAGES.fileRenameFailed,
            )
            closeRename()
          }
        },
      },
    )
  }
  const confirmDelete = () => {
    if (!deleting) return
    const folder = deleting.type === 'Directory'
    deleteEntry.mutate(
      { path: childPath(path, deleting.fileName) },
      {
        onSuccess: () => notify.success(folder ? MESSAGES.folderDeleted : MESSAGES.fileDeleted),
        onError: (error) =>
          notify.error(
            error instanceof ApiError && [403, 404, 409].includes(error.status)
              ? error.message
              : MESSAGES.fileDeleteFailed,
          ),
        onSettled: () => setDeleting(null),
      },
    )
  }

  return (
    <Flex direction="column" h="full" minH="0" gap="4" p={{ base: '4', md: '6' }}>
      <Box as="header">
        <Heading as="h1" size="2xl">
          Fájlok
        </Heading>
        <HStack mt="1" gap="2" color="fg.muted" wrap="wrap">
          <FolderOpen size={16} aria-hidden />
          <Text aria-label="Jelenlegi mappa" data-testid="current-folder">
            /{path}
          </Text>
        </HStack>
      </Box>

      <HStack gap="3" wrap="wrap">
        {path !== '' && (
          <Button variant="outline" onClick={back}>
            <ArrowLeft aria-hidden /> Vissza
          </Button>
        )}
        <Switch.Root checked={showHidden} onCheckedChange={(details) => setShowHidden(details.checked)}>
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>Rejtett fájlok</Switch.Label>
        </Switch.Root>
        {canUpload && (
          <>
            <Button colorPalette="blue" disabled={!online} onClick={() => chooser.current?.click()}>
              <Upload aria-hidden /> Feltöltés
            </Button>
            <input
              ref={chooser}
              type="file"
              multiple
              hidden
              aria-label="Feltöltendő fájlok"
              data-testid="upload-input"
              onChange={(event) => {
                upload(event.currentTarget.files)
                event.currentTarget.value = ''
              }}
            />
            <Button variant="outline" disabled={!online} onClick={() => setFolderOpen(true)}>
              <FolderPlus aria-hidden /> Új mappa
            </Button>
          </>
        )}
      </HStack>
      {canUpload && !online && (
        <Text color="fg.muted" role="status">
          {MESSAGES.filesWritesOffline}
        </Text>
      )}
      {canUpload && (
        <UploadList
          items={uploads.items}
          onCancel={uploads.cancel}
          onOverwrite={uploads.confirmOverwrite}
          onSkip={uploads.skip}
        />
      )}

      <ListToolbar
        search={{
          label: 'Keresés fájlnév alapján',
          placeholder: 'Keresés fájlnév alapján...',
          value: term,
          onChange: setTerm,
        }}
        count={files.data ? entryCount(visible) : null}
        countIcon={<File size={16} aria-hidden />}
      />

      <OfflineMarker updatedAt={files.data?.date ?? null} />

      <Flex
        direction="column"
        flex="1"
        minH="0"
        data-testid="files-drop-zone"
        data-dragging={dragging || undefined}
        borderRadius="md"
        outline={dragging ? '2px dashed' : undefined}
        outlineColor="blue.solid"
        outlineOffset="2px"
        onDragOver={dragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <ListState
          query={files}
          count={visible.length}
          searching={searching}
          words={WORDS}
          emptyIcon={<Folder aria-hidden />}
        >
          <FilesTable files={visible} onOpen={open} onDownload={download} changes={changes} />
        </ListState>
      </Flex>
      {canUpload && (
        <NewFolderDialog
          open={folderOpen}
          saving={createFolder.isPending}
          serverError={folderError}
          onClose={closeFolder}
          onCreate={makeFolder}
        />
      )}
      {canUpload && (
        <RenameDialog
          entry={renaming}
          saving={renameEntry.isPending}
          serverError={renameError}
          onClose={closeRename}
          onRename={rename}
        />
      )}
      {canUpload && (
        <ConfirmDialog
          open={deleting !== null}
          title={deleting?.type === 'Directory' ? 'Mappa törlése' : 'Fájl törlése'}
          question={
            deleting?.type === 'Directory'
              ? 'Biztosan törölni szeretnéd ezt a mappát?'
              : 'Biztosan törölni szeretnéd ezt a fájlt?'
          }
          subject={deleting ? childPath(path, deleting.fileName) : undefined}
          note={
            deleting?.type === 'Directory'
              ? 'Csak üres mappa törölhető. A művelet nem vonható vissza.'
              : 'A művelet nem vonható vissza.'
          }
          confirmLabel="Törlés"
          busy={deleteEntry.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      )}
    </Flex>
  )
}

const WORDS: ListWords = {
  loading: 'Fájlok betöltése...',
  error: MESSAGES.filesLoadFailed,
  empty: { title: 'Nincsenek fájlok', description: 'Még nem került egyetlen fájl sem feltöltésre.' },
  noMatch: {
    title: 'Nincsenek fájlok',
    description: 'Nem található fájl a megadott keresési feltételekkel.',
  },
}

/** 'N mappa, M fájl' (a folder is not a file, issue 18); only 'M fájl' in a folder without subfolders. */
function entryCount(entries: readonly FileEntry[]): string {
  const folders = entries.filter((entry) => entry.type === 'Directory').length
  const files = entries.length - folders
  return folders > 0 ? `${folders} mappa, ${files} fájl` : `${files} fájl`
}

interface FilesTableProps {
  files: readonly FileEntry[]
  onOpen: (name: string) => void
  onDownload: (name: string) => void
  /** 'Átnevezés' and 'Törlés' per row (uploadFile holders); `enabled` is false offline. */
  changes: {
    enabled: boolean
    onRename: (entry: FileEntry) => void
    onDelete: (entry: FileEntry) => void
  } | null
}

const fileKey = (entry: FileEntry) => entry.fileName
const ROW_HEIGHT = { wide: 56, compact: 64 }

const FilesTable = memo(function FilesTable({ files, onOpen, onDownload, changes }: FilesTableProps) {
  const columns = useMemo<readonly VirtualColumn<FileEntry>[]>(
    () => [
      {
        id: 'name',
        header: 'Név',
        width: 'minmax(0, 3fr)',
        compactWidth: 'minmax(0, 1fr)',
        cell: (entry) =>
          entry.type === 'Directory' ? (
            <Button variant="ghost" justifyContent="start" maxW="full" onClick={() => onOpen(entry.fileName)}>
              <Folder aria-hidden />
              <Text as="span" truncate>
                {entry.fileName}
              </Text>
            </Button>
          ) : (
            <HStack gap="2" px="4" minW="0">
              <File size={18} aria-hidden />
              <Text as="span" truncate>
                {entry.fileName}
              </Text>
            </HStack>
          ),
      },
      {
        id: 'size',
        header: 'Méret',
        width: '7rem',
        compactWidth: null,
        cell: (entry) => (entry.type === 'Directory' ? '' : formatSize(entry.size)),
      },
      {
        id: 'modified',
        header: 'Módosítva',
        width: '12rem',
        compactWidth: null,
        cell: (entry) => formatModified(entry.modifiedAt),
      },
      {
        id: 'actions',
        header: 'Műveletek',
        width: changes ? '13rem' : '10rem',
        compactWidth: 'auto',
        align: 'end',
        cell: (entry) => (
          <HStack gap="1" justify="end">
            {entry.type === 'File' && (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Letöltés: ${entry.fileName}`}
                onClick={() => onDownload(entry.fileName)}
              >
                <Download aria-hidden /> Letöltés
              </Button>
            )}
            {changes && <EntryMenu entry={entry} {...changes} />}
          </HStack>
        ),
      },
    ],
    [onOpen, onDownload, changes],
  )
  return (
    <VirtualTable
      label="Fájlok"
      regionLabel="Fájllista"
      columns={columns}
      rows={files}
      getKey={fileKey}
      rowHeight={ROW_HEIGHT}
    />
  )
})

/** A row's 'Átnevezés' and 'Törlés' (issue 18). */
function EntryMenu({
  entry,
  enabled,
  onRename,
  onDelete,
}: { entry: FileEntry } & NonNullable<FilesTableProps['changes']>) {
  return (
    <RowActionsMenu
      name={entry.fileName}
      actions={[
        {
          value: 'rename',
          label: (
            <>
              <Pencil size={16} aria-hidden /> Átnevezés
            </>
          ),
          disabled: !enabled,
          onSelect: () => onRename(entry),
        },
        {
          value: 'delete',
          label: (
            <>
              <Trash2 size={16} aria-hidden /> Törlés
            </>
          ),
          disabled: !enabled,
          danger: true,
          onSelect: () => onDelete(entry),
        },
      ]}
    />
  )
}
