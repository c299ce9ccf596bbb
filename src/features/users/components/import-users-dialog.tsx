/**
 * 'Felhasználók importálása': choose an .xlsx or .csv (the columns of `npm run users -- import`: type, name, username,
 * password; an empty password is generated), see every row's outcome (new, already exists, invalid and why) before
 * anything is written, then import in one transaction and print the new one-time passwords as slips. While the
 * import runs the dialog shows how far it is: the server streams how many passwords it has hashed (the long part:
 * a large class takes minutes at the production cost), then 'Mentés…' for the short write (docs/decisions/users.md,
 * "Import progress").
 */
import { Badge, Box, Button, Input, Progress, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import {
  USERS_MESSAGES,
  type ImportPreviewRow,
  type ImportUsersRequest,
  type ImportedUser,
} from '@contract/api'
import { FormDialog } from '@/components/form-dialog'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import type { UserType } from '@contract/features'
import { previewImport, useImportUsers, type ImportProgress } from '../api/users'
import { USER_TYPE_LABELS } from '../user-labels'
import { printSlips } from '../print-slips'

export interface ImportUsersDialogProps {
  open: boolean
  onClose: () => void
}

const OUTCOME: Record<ImportPreviewRow['outcome'], { label: string; palette: string }> = {
  new: { label: 'Új', palette: 'green' },
  exists: { label: 'Már létezik', palette: 'gray' },
  invalid: { label: 'Hibás', palette: 'red' },
}

/** The file's bytes as base64 (chunked: a large file would overflow String.fromCharCode's arguments). */
export async function fileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** The running import: checking until the first progress line, then the hashing counted, then the write. */
export function ImportProgressView({ progress }: { progress: ImportProgress | null }) {
  const label = !progress
    ? 'Feltöltés és ellenőrzés…'
    : progress.phase === 'hash'
      ? `Jelszavak előkészítése: ${progress.done} / ${progress.total}`
      : 'Mentés…'
  const value =
    progress?.phase === 'hash' && progress.total > 0 ? (progress.done / progress.total) * 100 : null
  return (
    <Box>
      <Progress.Root value={value} size="sm">
        <Progress.Label mb="1" fontWeight="normal">
          {label}
        </Progress.Label>
        <Progress.Track aria-label="Importálás folyamata">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" mt="1">
        Nagy fájlnál ez percekig is eltarthat.
      </Text>
    </Box>
  )
}

export function ImportUsersDialog({ open, onClose }: ImportUsersDialogProps) {
  const [request, setRequest] = useState<ImportUsersRequest | null>(null)
  const [rows, setRows] = useState<ImportPreviewRow[] | null>(null)
  const [loading, setLoading] = useState(false)
  const [created, setCreated] = useState<ImportedUser[] | null>(null)
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const run = useImportUsers(setProgress)

  const close = () => {
    setRequest(null)
    setRows(null)
    setCreated(null)
    onClose()
  }

  const choose = async (file: File | undefined) => {
    setRows(null)
    setRequest(null)
    if (!file) return
    if (!/\.(xlsx|csv)$/i.test(file.name)) {
      notify.error(USERS_MESSAGES.importBadFile)
      return
    }
    setLoading(true)
    try {
      const next = { fileName: file.name, content: await fileAsBase64(file) }
      const preview = await previewImport(next)
      setRequest(next)
      setRows(preview.rows)
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : 'Hiba történt a fájl ellenőrzése közben.')
    } finally {
      setLoading(false)
    }
  }

  const count = (outcome: ImportPreviewRow['outcome']) =>
    rows?.filter((r) => r.outcome === outcome).length ?? 0
  const canImport = rows !== null && count('invalid') === 0 && count('new') > 0

  const doImport = async () => {
    if (!request || !canImport || run.isPending || created) return
    setProgress(null)
    try {
      const answer = await run.mutateAsync(request)
      notify.success(answer.message)
      setCreated(answer.created)
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : 'Hiba történt az importálás közben.')
    }
  }

  const print = () => {
    if (created && !printSlips(created))
      notify.error('A böngésző nem engedte megnyitni a nyomtatási ablakot.')
  }

  return (
    <FormDialog
      open={open}
      title="Felhasználók importálása"
      description={
        created
          ? `${created.length} felhasználó létrehozva. Az egyszer használatos jelszavakat csak most látod: nyomtasd ki a jelszólapot.`
          : 'Oszlopok: típus (Diák, Oktató vagy Adminisztrátor; student, teacher, admin is jó), név, felhasználónév és opcionálisan jelszó (üresen hagyva a rendszer generál egyszer használatos jelszót); az angol fejlécek (type, name, username, password) is jók. Mentés előtt minden sort ellenőrzünk; hibás sor esetén semmi sem kerül mentésre.'
      }
      size="xl"
      gap="3"
      onClose={() => {
        if (!run.isPending) close()
      }}
      onSubmit={() => void doImport()}
      footer={
        created ? (
          <>
            <Button variant="outline" onClick={print}>
              Jelszólap nyomtatása
            </Button>
            <Button colorPalette="blue" onClick={close}>
              Kész
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={close} disabled={run.isPending}>
              Mégsem
            </Button>
            <Button type="submit" colorPalette="blue" disabled={!canImport} loading={run.isPending}>
              Importálás
            </Button>
          </>
        )
      }
    >
      {created ? (
        <Table.Root size="sm" aria-label="Létrehozott felhasználók">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Név</Table.ColumnHeader>
              <Table.ColumnHeader>Felhasználónév</Table.ColumnHeader>
              <Table.ColumnHeader>Jelszó</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {created.map((user) => (
              <Table.Row key={user.username}>
                <Table.Cell>{user.name}</Table.Cell>
                <Table.Cell>{user.username}</Table.Cell>
                <Table.Cell fontFamily="mono">{user.password}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : (
        <>
          <Box>
            <Input
              type="file"
              accept=".xlsx,.csv"
              aria-label="Importálandó fájl (.xlsx vagy .csv)"
              p="1"
              disabled={run.isPending}
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </Box>
          {loading && <Text role="status">Fájl ellenőrzése...</Text>}
          {run.isPending && <ImportProgressView progress={progress} />}
          {rows && (
            <>
              <Text role="status">
                {count('new')} új, {count('exists')} már létezik, {count('invalid')} hibás sor.
              </Text>
              <Table.Root size="sm" aria-label="Import előnézet">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Sor</Table.ColumnHeader>
                    <Table.ColumnHeader>Név</Table.ColumnHeader>
                    <Table.ColumnHeader>Felhasználónév</Table.ColumnHeader>
                    <Table.ColumnHeader>Típus</Table.ColumnHeader>
                    <Table.ColumnHeader>Eredmény</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((row) => (
                    <Table.Row key={row.line}>
                      <Table.Cell>{row.line}</Table.Cell>
                      <Table.Cell>{row.name}</Table.Cell>
                      <Table.Cell>{row.username}</Table.Cell>
                      <Table.Cell>{USER_TYPE_LABELS[row.type as UserType] ?? row.type}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={OUTCOME[row.outcome].palette}>
                          {OUTCOME[row.outcome].label}
                        </Badge>
                        {row.outcome === 'invalid' && row.reason && (
                          <Text as="span" ms="2" fontSize="sm">
                            {row.reason}
                          </Text>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </>
          )}
        </>
      )}
    </FormDialog>
  )
}
