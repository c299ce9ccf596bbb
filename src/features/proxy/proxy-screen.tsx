/**
 * Proxy kezelés (spec "Proxy kezelés", §4 Blocked domains, §5, §8): the count, the add form, fuzzy search, the
 * virtualised list with a confirmed delete a row, and the CSV export. Writes are online (writeMutation); after
 * each the list is replaced by the server's. Default export: the shell loads this screen lazily.
 */
import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react'
import { Download, ListPlus, ShieldBan } from 'lucide-react'
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { blockedDomainsCsv, shownDomain } from '@contract/domain-name'
import { isFeatureEnabled } from '@contract/features'
import { TIMING } from '@contract/limits'
import { MESSAGES } from '@contract/messages'
import { useDashboard } from '@/api/dashboard'
import { ListState, type ListWords } from '@/components/list-state'
import { ListToolbar } from '@/components/list-toolbar'
import { OfflineMarker } from '@/components/offline-marker'
import { OnlineOnlyNote } from '@/components/online-only-note'
import { notify } from '@/lib/notify'
import { useOnlineStatus } from '@/lib/online-status'
import { touchTarget } from '@/lib/touch-target'
import { whenIdle } from '@/lib/when-idle'
import {
  addErrorMessage,
  deleteErrorMessage,
  refusalReason,
  useAddBlockedDomain,
  useBlockedDomains,
  useDeleteBlockedDomain,
} from './api/blocked-domains'
import { schoolToday } from '@/lib/school-zone'
import { AddDomainFormView } from './components/add-domain-form'
import { BulkAddDialog } from './components/bulk-add-dialog'
import { CommentDialog } from './components/comment-dialog'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { DomainsTable } from './components/domains-table'
import { createDomainSearch } from './domain-search'
import { saveText } from '@/lib/save-file'
import { useSearchTerm } from '@/lib/use-search-term'

const NO_DOMAINS: string[] = []
const NO_COMMENTS: Record<string, string> = {}

/** Whether the signed-in user may add / delete (the dashboard's features, the evaluation the menu uses). */
function useProxyWrites(): { canAdd: boolean; canDelete: boolean } {
  const features = useDashboard().data?.features
  const today = schoolToday()
  return {
    canAdd: features ? isFeatureEnabled(features, 'addProxyDomain', today) : false,
    canDelete: features ? isFeatureEnabled(features, 'deleteProxyDomain', today) : false,
  }
}

export default function ProxyScreen() {
  const query = useBlockedDomains()
  const list = query.data?.blockedDomains ?? NO_DOMAINS
  const { canAdd, canDelete } = useProxyWrites()
  // Every write here is online: offline the buttons are disabled and the note says why (as Tantermek).
  const online = useOnlineStatus()

  const add = useAddBlockedDomain()
  const [refusal, setRefusal] = useState<string | null>(null)
  const { mutateAsync: addAsync } = add
  const onAdd = useCallback(
    async (domain: string) => {
      setRefusal(null)
      try {
        await addAsync(domain)
      } catch (error) {
        notify.error(addErrorMessage(error))
        setRefusal(refusalReason(error))
        return false
      }
      notify.success(MESSAGES.domainAdded)
      return true
    },
    [addAsync],
  )

  const remove = useDeleteBlockedDomain()
  const [confirming, setConfirming] = useState<string | null>(null)
  const { mutate: removeDomain } = remove
  const confirmDelete = useCallback(
    (domain: string) =>
      removeDomain(domain, {
        onSuccess: () => notify.success(MESSAGES.domainDeleted),
        onError: (error) => notify.error(deleteErrorMessage(error)),
        onSettled: () => setConfirming(null),
      }),
    [removeDomain],
  )
  const askDelete = useCallback((domain: string) => setConfirming(domain), [])

  const [bulkOpen, setBulkOpen] = useState(false)
  const [commenting, setCommenting] = useState<string | null>(null)
  const comments = query.data?.comments ?? NO_COMMENTS

  const exportCsv = () => saveText('blocked_domains.csv', blockedDomainsCsv(list))
  const openBulk = () => setBulkOpen(true)

  return (
    <Flex direction="column" h="full" minH="0" gap="4" p={{ base: '4', md: '6' }}>
      <Box as="header">
        <Heading as="h1" size="2xl">
          Proxy kezelés
        </Heading>
        <Text color="fg.muted" mt="1">
          A proxy által tiltott domainek listája.
        </Text>
      </Box>

      {canAdd && (
        <AddDomainFormView adding={add.isPending} offline={!online} refusal={refusal} onAdd={onAdd} />
      )}
      {(canAdd || canDelete) && <OnlineOnlyNote>{MESSAGES.proxyWritesOffline}</OnlineOnlyNote>}

      <SearchableDomains
        query={query}
        list={list}
        comments={comments}
        onDelete={canDelete ? askDelete : null}
        onEditComment={canAdd ? setCommenting : null}
        writable={online}
        actions={
          <>
            {canAdd && (
              <Button
                variant="outline"
                onClick={openBulk}
                disabled={!query.data || !online}
                css={touchTarget}
              >
                <ListPlus aria-hidden /> Tömeges hozzáadás
              </Button>
            )}
            <Button variant="outline" onClick={exportCsv} disabled={!query.data} css={touchTarget}>
              <Download aria-hidden /> Exportálás CSV-be
            </Button>
          </>
        }
      />

      <BulkAddDialog open={bulkOpen} existing={list} onClose={() => setBulkOpen(false)} />
      <CommentDialog
        domain={commenting}
        comment={commenting ? (comments[commenting] ?? '') : ''}
        onClose={() => setCommenting(null)}
      />

      <ConfirmDialog
        open={confirming !== null}
        title="Domain eltávolítása"
        question="Biztosan eltávolítod ezt a domaint a tiltólistáról?"
        subject={confirming ? shownDomain(confirming) : undefined}
        confirmLabel="Eltávolítás"
        busy={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && confirmDelete(confirming)}
      />
    </Flex>
  )
}

interface SearchableDomainsProps {
  query: ReturnType<typeof useBlockedDomains>
  list: readonly string[]
  comments: Readonly<Record<string, string>>
  onDelete: ((domain: string) => void) | null
  onEditComment: ((domain: string) => void) | null
  /** False offline: the row buttons are disabled. */
  writable: boolean
  /** The buttons beside the search box. */
  actions: ReactNode
}

/**
 * The search box, the counter and the list: the search term lives here, so a keystroke and the debounced search
 * re-render this part alone, not the screen's header, add form and dialogs (docs/decisions/proxy.md, "Keystroke → list").
 */
function SearchableDomains({
  query,
  list,
  comments,
  onDelete,
  onEditComment,
  writable,
  actions,
}: SearchableDomainsProps) {
  const search = useMemo(() => createDomainSearch(list), [list])
  const [term, settledTerm, setTerm] = useSearchTerm(TIMING.searchDebounceMs, search.prefetch)
  const searching = settledTerm.trim() !== ''
  const results = useMemo(() => search.search(settledTerm), [search, settledTerm])
  useEffect(() => whenIdle(() => search.prepare()), [search])

  return (
    <>
      <Flex gap="3" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
        <Box flex="1">
          <ListToolbar
            search={{
              label: 'Keresés a blokkolt domainek között',
              placeholder: 'Keresés domain alapján...',
              value: term,
              onChange: setTerm,
            }}
            count={query.data ? domainCount(list.length, searching ? results.length : null) : null}
            countIcon={<ShieldBan size={16} aria-hidden />}
          />
        </Box>
        {actions}
      </Flex>

      <OfflineMarker updatedAt={query.data?.date ?? null} />

      <ListState
        query={query}
        count={results.length}
        searching={searching}
        words={WORDS}
        emptyIcon={<ShieldBan aria-hidden />}
      >
        <DomainsTable
          domains={results}
          comments={comments}
          onDelete={onDelete}
          onEditComment={onEditComment}
          writable={writable}
        />
      </ListState>
    </>
  )
}

const WORDS: ListWords = {
  loading: 'Blokkolt domainek betöltése...',
  error: 'Hiba történt a blokkolt domainek lekérdezése közben.',
  empty: { title: 'Nincsenek blokkolt domainek', description: 'Még egyetlen domain sincs a tiltólistán.' },
  noMatch: { title: 'Nincs találat', description: 'Nem található domain a megadott keresési feltételekkel.' },
}

/** '42 blokkolt domain', or '3 találat / 42 blokkolt domain' while searching. */
function domainCount(total: number, matches: number | null): string {
  return matches === null ? `${total} blokkolt domain` : `${matches} találat / ${total} blokkolt domain`
}
