/**
 * Fájlok (spec §2, §8): one folder of FILES_ROOT at a time — folders open, files download, 'Vissza' goes to the
 * parent. Dot-files are hidden unless 'Rejtett fájlok' is on; the search filters by file name.
 * Default export: the shell loads this screen lazily.
 */
import { Box, Button, Flex, Heading, HStack, Switch, Text } from '@chakra-ui/react'
import { ArrowLeft, Download, File, Folder, FolderOpen } from 'lucide-react'
import { memo, useCallback, useMemo, useState } from 'react'
import type { FileEntry } from '../../../contract/api'
import { TIMING } from '../../../contract/limits'
import { MESSAGES } from '../../../contract/messages'
import { ListState, type ListWords } from '../../components/list-state'
import { ListToolbar } from '../../components/list-toolbar'
import { OfflineMarker } from '../../components/offline-marker'
import { VirtualTable, type VirtualColumn } from '../../components/virtual-table'
import { notify } from '../../lib/notify'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { childPath, formatModified, formatSize, parentPath } from './file-format'
import { downloadFile, useFiles } from './files-api'

const NO_FILES: FileEntry[] = []

export default function FilesScreen() {
  const [path, setPath] = useState('')
  const files = useFiles(path)
  const list = files.data?.files ?? NO_FILES

  const [showHidden, setShowHidden] = useState(false)
  const [term, setTerm] = useState('')
  const settledTerm = useDebouncedValue(term, TIMING.searchDebounceMs).trim().toLocaleLowerCase('hu')
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

  const open = useCallback((name: string) => {
    setPath((current) => childPath(current, name))
    setTerm('')
  }, [])
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
      </HStack>

      <ListToolbar
        search={{
          label: 'Keresés fájlnév alapján',
          placeholder: 'Keresés fájlnév alapján...',
          value: term,
          onChange: setTerm,
        }}
        count={files.data ? fileCount(visible.length) : null}
        countIcon={<File size={16} aria-hidden />}
      />

      <OfflineMarker updatedAt={files.data?.date ?? null} />

      <ListState
        query={files}
        count={visible.length}
        searching={searching}
        words={WORDS}
        emptyIcon={<Folder aria-hidden />}
      >
        <FilesTable files={visible} onOpen={open} onDownload={download} />
      </ListState>
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

function fileCount(count: number): string {
  return `${count} fájl`
}

interface FilesTableProps {
  files: readonly FileEntry[]
  onOpen: (name: string) => void
  onDownload: (name: string) => void
}

const fileKey = (entry: FileEntry) => entry.fileName
const ROW_HEIGHT = { wide: 56, compact: 64 }

const FilesTable = memo(function FilesTable({ files, onOpen, onDownload }: FilesTableProps) {
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
        width: '10rem',
        compactWidth: 'auto',
        align: 'end',
        cell: (entry) =>
          entry.type === 'Directory' ? null : (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Letöltés: ${entry.fileName}`}
              onClick={() => onDownload(entry.fileName)}
            >
              <Download aria-hidden /> Letöltés
            </Button>
          ),
      },
    ],
    [onOpen, onDownload],
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
