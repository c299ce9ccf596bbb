/**
 * Rendszernapló (spec §2 Audit napló, §4, §5, §8, §9; issue 10): the audit log with a search, the Felhasználók,
 * Események and Időszak filters, filter chips, the event count and an infinite, virtualised list; 'Exportálás'
 * downloads the whole filtered view as CSV, and an entity named in an entry filters the log to its history.
 * Default export: the shell loads this screen lazily.
 */
import { Box, Button, Flex, Heading, HStack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Download, ScrollText } from 'lucide-react'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { TIMING } from '@contract/limits'
import type { AuditType } from '@contract/audit'
import { ListState, type ListWords } from '@/components/list-state'
import { ListToolbar } from '@/components/list-toolbar'
import { OfflineMarker } from '@/components/offline-marker'
import { NetworkError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { useOnlineStatus } from '@/lib/online-status'
import {
  auditLogQuery,
  downloadAuditLogCsv,
  useAuditLog,
  useAuditLogUsers,
  type AuditLogParams,
} from './api/audit-log'
import { schoolToday } from '@/lib/school-zone'
import { AUDIT_TYPE_LABELS, type AuditEntityKind } from './audit-entry'
import {
  DEFAULT_FILTERS,
  anyFilterActive,
  auditFilterParams,
  eventCount,
  filterChips,
  narrowsLog,
  removeChip,
  toggleType,
  toggleUser,
  type AuditFilters,
  type AuditPeriod,
  type FilterChip,
} from './audit-filters'
import { AuditEntryList } from './components/audit-entry-list'
import { FilterChips } from './components/filter-chips'
import { PeriodMenu, TypesMenu, UsersMenu } from './components/filter-menus'
import { mergePages } from './merge-pages'

export const LOAD_FAILED = 'Hiba történt az audit napló betöltése közben.'
const NO_USERS: string[] = []
/** The longest search the server takes (contract/api/audit-log.ts: q maxLength 200). */
const SEARCH_MAX = 200
const typeLabel = (type: AuditType) => AUDIT_TYPE_LABELS[type]

export default function AuditLogScreen() {
  const [filters, setFilters] = useState<AuditFilters>(DEFAULT_FILTERS)
  const settledQ = useSettledSearch(filters)
  // What the server is asked: the search once typing pauses, every other filter at once.
  const sent = useMemo(() => ({ ...filters, q: settledQ }), [filters, settledQ])
  const params = useMemo(() => auditFilterParams(sent, new Date()), [sent])

  const log = useAuditLog(params)
  const users = useAuditLogUsers()
  const userList = users.data ?? NO_USERS
  const online = useOnlineStatus()

  const pages = log.data?.pages
  const entries = useMemo(() => mergePages(pages ?? []), [pages])
  const first = pages?.[0]

  // Spec §8: a failed load is a toast as well as the inline message. Offline is not an error (DESIGN §4).
  const { errorUpdateCount, error } = log
  const toastedErrors = useRef(errorUpdateCount)
  useEffect(() => {
    if (errorUpdateCount <= toastedErrors.current) return
    toastedErrors.current = errorUpdateCount
    if (!(error instanceof NetworkError && !navigator.onLine)) notify.error(LOAD_FAILED)
  }, [errorUpdateCount, error])

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = log
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false })
  }, [fetchNextPage, hasNextPage, isFetchingNextPage])

  const update = useCallback((change: (current: AuditFilters) => AuditFilters) => setFilters(change), [])
  const showEntity = useCallback(
    (kind: AuditEntityKind, value: string) =>
      update((current) => (kind === 'user' ? { ...current, users: [value] } : { ...current, q: value })),
    [update],
  )

  // Stable callbacks, so a keystroke in the search re-renders neither the menus nor the list (4× CPU tablets).
  const onToggleUser = useCallback(
    (user: string, checked: boolean) =>
      update((current) => ({ ...current, users: toggleUser(current.users, user, checked, userList) })),
    [update, userList],
  )
  const onToggleType = useCallback(
    (type: AuditType, checked: boolean) =>
      update((current) => ({ ...current, types: toggleType(current.types, type, checked) })),
    [update],
  )
  const onAllTypes = useCallback(
    () => update((current) => ({ ...current, types: DEFAULT_FILTERS.types })),
    [update],
  )
  const onPeriod = useCallback(
    (period: AuditPeriod) => update((current) => ({ ...current, period })),
    [update],
  )

  const chips = useMemo(() => filterChips(filters, typeLabel), [filters])
  const active = anyFilterActive(filters)

  return (
    <Flex direction="column" h="full" minH="0" gap="4" p={{ base: '4', md: '6' }}>
      <Box as="header">
        <Heading as="h1" size="2xl">
          Rendszernapló
        </Heading>
        <Text color="fg.muted" mt="1">
          A rendszerben történt módosítások és bejelentkezések naplója.
        </Text>
      </Box>

      <ListToolbar
        search={{
          label: 'Keresés a naplóban',
          placeholder: 'Keresés felhasználó, terem, csoport vagy rövid link alapján...',
          value: filters.q,
          onChange: (q) => update((current) => ({ ...current, q: q.slice(0, SEARCH_MAX) })),
        }}
        count={first ? eventCount(first.total, first.totalIsEstimate) : null}
        countIcon={<ScrollText size={16} aria-hidden />}
      />

      <HStack gap="2" wrap="wrap">
        <UsersMenu
          users={userList}
          selected={filters.users}
          loading={users.isPending}
          onToggle={onToggleUser}
        />
        <TypesMenu checked={filters.types} onToggle={onToggleType} onAll={onAllTypes} />
        <PeriodMenu period={filters.period} onChange={onPeriod} />
        <ExportButton params={params} />
      </HStack>

      <FilterChips
        chips={chips}
        active={active}
        onRemove={(chip: FilterChip) => update((current) => removeChip(current, chip))}
        onClear={() => update(() => DEFAULT_FILTERS)}
      />
      {filters.users.length > 1 && (
        <Text fontSize="sm" color="fg.muted">
          Több felhasználó kiválasztásakor a napló nincs felhasználóra szűrve: a szűréshez válassz ki pontosan
          egyet.
        </Text>
      )}

      <OfflineMarker updatedAt={first?.date ?? null} />

      <ListState
        query={log}
        count={entries.length}
        searching={narrowsLog(sent)}
        words={WORDS}
        emptyIcon={<ScrollText aria-hidden />}
      >
        <AuditEntryList
          // A new set of filters starts at the top of a new list (spec §4).
          key={JSON.stringify(params)}
          entries={entries}
          setSize={first && !first.totalIsEstimate ? first.total : null}
          hasMore={hasNextPage}
          loadingMore={isFetchingNextPage}
          loadMoreFailed={log.isFetchNextPageError}
          offline={!online}
          onLoadMore={loadMore}
          onEntity={showEntity}
        />
      </ListState>
    </Flex>
  )
}

/**
 * The search once typing pauses (the shared 150 ms). When it settles, its first page is asked for at once, before
 * React renders the new state: the request is then on its way while the screen updates (on a 4× slower tablet the
 * render would otherwise sit between the pause and the request). The query the screen then mounts is the same one.
 */
function useSettledSearch(filters: AuditFilters): string {
  const queryClient = useQueryClient()
  const [settled, setSettled] = useState(filters.q)
  const settledRef = useRef(settled)
  const latest = useRef(filters)
  latest.current = filters
  const { q } = filters
  useEffect(() => {
    if (q === settledRef.current) return
    const timer = setTimeout(() => {
      settledRef.current = q
      void queryClient.prefetchInfiniteQuery(
        auditLogQuery(auditFilterParams({ ...latest.current, q }, new Date())),
      )
      setSettled(q)
    }, TIMING.searchDebounceMs)
    return () => clearTimeout(timer)
  }, [q, queryClient])
  return settled
}

/** 'Exportálás': the whole filtered view as CSV (every page, streamed by the server). */
const ExportButton = memo(function ExportButton({ params }: { params: AuditLogParams }) {
  const [exporting, setExporting] = useState(false)
  const exportCsv = async () => {
    setExporting(true)
    try {
      await downloadAuditLogCsv(params, `auditlog-${schoolToday()}.csv`)
    } catch (failure) {
      notify.error(
        failure instanceof NetworkError
          ? 'Az exportáláshoz hálózati kapcsolat szükséges.'
          : 'Hiba történt az exportálás közben.',
      )
    } finally {
      setExporting(false)
    }
  }
  return (
    <Button
      ms={{ sm: 'auto' }}
      size="sm"
      variant="outline"
      loading={exporting}
      onClick={() => void exportCsv()}
    >
      <Download aria-hidden /> Exportálás
    </Button>
  )
})

const WORDS: ListWords = {
  loading: 'Események betöltése...',
  error: LOAD_FAILED,
  empty: { title: 'Nincs esemény', description: 'Még nem történt naplózott esemény a rendszerben.' },
  noMatch: {
    title: 'Nincs találat',
    description: 'A keresési feltételeknek megfelelő esemény nem található.',
  },
}
