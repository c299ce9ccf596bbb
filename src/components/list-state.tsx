/**
 * The states every list screen shows (DESIGN §4) in one place: loading, load error with a retry, empty, and empty
 * for a search — else the list itself. A screen passes its query, how many rows it shows and its words.
 */
import { Button, EmptyState, Flex, Spinner, Text } from '@chakra-ui/react'
import { Inbox, Search } from 'lucide-react'
import type { ReactNode } from 'react'

/** What ListState reads of a TanStack query result. */
export interface ListQuery {
  isPending: boolean
  isError: boolean
  isFetching: boolean
  data: unknown
  refetch: () => unknown
}

export interface ListWords {
  /** e.g. 'Diákok betöltése...' */
  loading: string
  /** e.g. 'Hiba történt a diákok betöltése közben.' */
  error: string
  /** The list is empty: e.g. 'Nincsenek diákok' / 'Még nem került egyetlen diák sem a rendszerbe.' */
  empty: { title: string; description: string }
  /** A search matched nothing: e.g. 'Nincs találat' / 'Nem található diák a megadott keresési feltételekkel.' */
  noMatch?: { title: string; description: string }
}

export interface ListStateProps {
  query: ListQuery
  /** The rows the list would show (after a search). */
  count: number
  /** Whether a search term is active: an empty result then says noMatch. */
  searching?: boolean
  words: ListWords
  /** The empty state's icon (a lucide icon element). */
  emptyIcon?: ReactNode
  /** The list, shown once there is something to show. */
  children: ReactNode
}

export function ListState({ query, count, searching = false, words, emptyIcon, children }: ListStateProps) {
  if (query.isPending)
    return (
      <Flex role="status" align="center" justify="center" gap="3" py="12" color="fg.muted">
        <Spinner size="sm" />
        <Text>{words.loading}</Text>
      </Flex>
    )
  // With data still in hand (a failed refetch) the list stays; the error shows only when there is nothing.
  if (query.isError && query.data === undefined)
    return (
      <Flex direction="column" align="center" gap="3" py="12" textAlign="center">
        <Text role="alert" color="fg.error">
          {words.error}
        </Text>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Újrapróbálás
        </Button>
      </Flex>
    )
  if (count === 0) {
    const noMatch = searching && words.noMatch
    const { title, description } = noMatch || words.empty
    return (
      <EmptyState.Root role="status">
        <EmptyState.Content>
          <EmptyState.Indicator>
            {noMatch ? <Search aria-hidden /> : (emptyIcon ?? <Inbox aria-hidden />)}
          </EmptyState.Indicator>
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    )
  }
  return <>{children}</>
}
