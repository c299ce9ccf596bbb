/**
 * Bulk add (issue 9, beyond the spec): paste domains or a hosts file, see a per-line report (new, already on the
 * list, invalid) and confirm, with an optional comment for the batch; the new ones then go to the server in ONE
 * request (POST /proxy/block/bulk, one transaction), whose answer replaces the list and names what it added.
 * When a pasted name starts with `www.` (issue 18) a checkbox, on as suggested, blocks the whole domain instead.
 */
import { Badge, Box, Button, Checkbox, Dialog, Field, Input, Portal, Text, Textarea } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import {
  COMMENT_MAX,
  normaliseComment,
  parseBulkDomains,
  shownDomain,
  type BulkLine,
} from '@contract/domain-name'
import { notify } from '@/lib/notify'
import { bulkErrorMessage, useBulkAddDomains } from '../api/blocked-domains'

interface BulkAddDialogProps {
  open: boolean
  existing: readonly string[]
  onClose: () => void
}

/** Lines the report shows at most (a 100,000-line paste stays responsive); the problems come first. */
const REPORT_SHOWN = 500
const ORDER: Record<BulkLine['status'], number> = { invalid: 0, duplicate: 1, new: 2 }

const STATUS: Record<BulkLine['status'], { label: string; palette: string }> = {
  new: { label: 'Új', palette: 'green' },
  duplicate: { label: 'Már a listán', palette: 'gray' },
  invalid: { label: 'Érvénytelen', palette: 'red' },
}

export function BulkAddDialog({ open, existing, onClose }: BulkAddDialogProps) {
  const [text, setText] = useState('')
  const [comment, setComment] = useState('')
  const [commentError, setCommentError] = useState<string | null>(null)
  const [report, setReport] = useState<BulkLine[] | null>(null)
  const [wholeDomains, setWholeDomains] = useState(true)
  const hasWww = useMemo(() => /(?:^|[\s/@.])www\./im.test(text), [text])
  const check = (whole: boolean) => setReport(parseBulkDomains(text, existing, { wholeDomains: whole }))
  const bulk = useBulkAddDomains()
  const fresh = useMemo(
    () => (report ?? []).flatMap((line) => (line.status === 'new' ? [line.domain] : [])),
    [report],
  )
  const shown = useMemo(
    () =>
      (report ?? [])
        .map((line, i) => ({ line, i }))
        .sort((a, b) => ORDER[a.line.status] - ORDER[b.line.status] || a.i - b.i)
        .slice(0, REPORT_SHOWN),
    [report],
  )

  const close = () => {
    setText('')
    setComment('')
    setCommentError(null)
    setReport(null)
    setWholeDomains(true)
    onClose()
  }

  const confirm = () => {
    const checked = normaliseComment(comment)
    if (checked.error !== undefined) {
      setCommentError(checked.error)
      return
    }
    bulk.mutate(
      { domains: fresh, comment: checked.comment ?? '' },
      {
        onSuccess: (answer) => {
          notify.success(answer.message)
          close()
        },
        onError: (error) => notify.error(bulkErrorMessage(error)),
      },
    )
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
              <Field.Root invalid={commentError !== null}>
                <Field.Label>Megjegyzés a hozzáadott domainekhez (nem kötelező)</Field.Label>
                <Input
                  value={comment}
                  maxLength={COMMENT_MAX * 2}
                  placeholder="pl.: Reklámszűrő lista"
                  onChange={(e) => {
                    setComment(e.target.value)
                    setCommentError(null)
                  }}
                />
                {commentError && <Field.ErrorText>{commentError}</Field.ErrorText>}
              </Field.Root>
              {hasWww && (
                <Checkbox.Root
                  checked={wholeDomains}
                  onCheckedChange={(details) => {
                    setWholeDomains(details.checked === true)
                    if (report) check(details.checked === true)
                  }}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    A www. kezdetű nevek helyett az egész domain tiltása (a www. és minden más aldomain is)
                  </Checkbox.Label>
                </Checkbox.Root>
              )}
              {report && (
                <Box>
                  <Text fontWeight="semibold" role="status">
                    {`${fresh.length} új, ${report.filter((l) => l.status === 'duplicate').length} már a listán, ${
                      report.filter((l) => l.status === 'invalid').length
                    } érvénytelen`}
                  </Text>
                  <Box as="ul" maxH="60" overflowY="auto" mt="2" aria-label="Soronkénti eredmény">
                    {shown.map(({ line, i }) => (
                      <Box as="li" key={i} display="flex" gap="2" alignItems="baseline" py="0.5">
                        <Badge colorPalette={STATUS[line.status].palette}>{STATUS[line.status].label}</Badge>
                        <Text overflowWrap="anywhere" minW="0">
                          {`${line.line}. sor: ${line.status === 'invalid' ? `${line.text} — ${line.error}` : shownDomain(line.domain)}`}
                        </Text>
                      </Box>
                    ))}
                  </Box>
                  {report.length > shown.length && (
                    <Text color="fg.muted" fontSize="sm" mt="1">
                      {`… és további ${report.length - shown.length} új sor`}
                    </Text>
                  )}
                </Box>
              )}
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              <Button variant="outline" onClick={close}>
                Mégsem
              </Button>
              {report === null ? (
                <Button colorPalette="blue" onClick={() => check(hasWww && wholeDomains)}>
                  Ellenőrzés
                </Button>
              ) : (
                <Button
                  colorPalette="blue"
                  loading={bulk.isPending}
                  disabled={fresh.length === 0}
                  onClick={confirm}
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
