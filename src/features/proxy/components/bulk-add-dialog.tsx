/**
 * Bulk add (issue 9, beyond the spec): paste domains or a hosts file, see a per-line report (new, already on the
 * list, invalid) and confirm; the new ones are then added one by one through the ordinary add.
 */
import { Badge, Box, Button, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { parseBulkDomains, type BulkLine } from '../../../../contract/domain-name'

interface BulkAddDialogProps {
  open: boolean
  existing: readonly string[]
  onClose: () => void
  /** Adds the domains; resolves when done. */
  onConfirm: (domains: string[]) => Promise<void>
}

const STATUS: Record<BulkLine['status'], { label: string; palette: string }> = {
  new: { label: 'Új', palette: 'green' },
  duplicate: { label: 'Már a listán', palette: 'gray' },
  invalid: { label: 'Érvénytelen', palette: 'red' },
}

export function BulkAddDialog({ open, existing, onClose, onConfirm }: BulkAddDialogProps) {
  const [text, setText] = useState('')
  const [report, setReport] = useState<BulkLine[] | null>(null)
  const [busy, setBusy] = useState(false)
  const fresh = useMemo(
    () => (report ?? []).flatMap((line) => (line.status === 'new' ? [line.domain] : [])),
    [report],
  )

  const close = () => {
    setText('')
    setReport(null)
    onClose()
  }

  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm(fresh)
    } finally {
      setBusy(false)
    }
    close()
  }

  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && close()} lazyMount unmountOnExit size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Tömeges hozzáadás</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="3">
              <Field.Root>
                <Field.Label>Domainek (soronként egy, vagy hosts fájl)</Field.Label>
                <Textarea
                  rows={8}
                  value={text}
                  spellCheck={false}
                  placeholder={'pelda.hu\n0.0.0.0 reklam.pelda.hu'}
                  onChange={(e) => {
                    setText(e.target.value)
                    setReport(null)
                  }}
                />
              </Field.Root>
              {report && (
                <Box>
                  <Text fontWeight="semibold" role="status">
                    {`${fresh.length} új, ${report.filter((l) => l.status === 'duplicate').length} már a listán, ${
                      report.filter((l) => l.status === 'invalid').length
                    } érvénytelen`}
                  </Text>
                  <Box as="ul" maxH="60" overflowY="auto" mt="2" aria-label="Soronkénti eredmény">
                    {report.map((line, i) => (
                      <Box as="li" key={i} display="flex" gap="2" alignItems="baseline" py="0.5">
                        <Badge colorPalette={STATUS[line.status].palette}>{STATUS[line.status].label}</Badge>
                        <Text wordBreak="break-all">
                          {`${line.line}. sor: ${line.status === 'invalid' ? `${line.text} — ${line.error}` : line.domain}`}
                        </Text>
                      </Box>
                    ))}
                  </Box>
                </Box>
              )}
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              <Button variant="outline" onClick={close}>
                Mégsem
              </Button>
              {report === null ? (
                <Button colorPalette="blue" onClick={() => setReport(parseBulkDomains(text, existing))}>
                  Ellenőrzés
                </Button>
              ) : (
                <Button
                  colorPalette="blue"
                  loading={busy}
                  disabled={fresh.length === 0}
                  onClick={() => void confirm()}
                >
                  {`Hozzáadás (${fresh.length})`}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
