/**
 * The bar above a list: a search box and a counter. The counter is a live region that says nothing until the
 * list has loaded (pass `count={null}` while loading or after a failed first load): '0 diák' would be wrong.
 * A list with filters (Felhasználók' type select) passes them as children: they stand at the bar's end.
 */
import { Box, Flex, Input, Text } from '@chakra-ui/react'
import { Search } from 'lucide-react'
import { memo, type ReactNode } from 'react'

export interface ListToolbarProps {
  search: {
    /** The accessible name, e.g. 'Keresés név vagy felhasználónév alapján'. */
    label: string
    placeholder: string
    value: string
    onChange: (value: string) => void
  }
  /** The counter's text ('42 diák'), or null while there is nothing to count yet. */
  count: string | null
  /** The counter's icon (a lucide icon element). */
  countIcon?: ReactNode
  /** Filters after the counter, at the end of the bar (each with its own accessible name). */
  children?: ReactNode
}

export function ListToolbar({ search, count, countIcon, children }: ListToolbarProps) {
  // With filters the bar wraps them onto a line of their own where the search box would get narrower than 12rem.
  const filtered = Boolean(children)
  return (
    <Flex
      gap="3"
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      wrap={filtered ? 'wrap' : undefined}
    >
      <SearchField {...search} filtered={filtered} />
      <Text
        color="fg.muted"
        fontSize="sm"
        aria-live="polite"
        aria-atomic="true"
        display="flex"
        alignItems="center"
        gap="1.5"
      >
        {count !== null && countIcon}
        {count}
      </Text>
      {filtered && (
        <Flex gap="3" ms={{ sm: 'auto' }} direction={{ base: 'column', sm: 'row' }}>
          {children}
        </Flex>
      )}
    </Flex>
  )
}

/**
 * The search box. Memoised: when the list's count changes (a search's result is drawn) the box stays as it is,
 * and Chakra resolves no styles for it.
 */
const SearchField = memo(function SearchField({
  label,
  placeholder,
  value,
  onChange,
  filtered,
}: ListToolbarProps['search'] & { filtered: boolean }) {
  return (
    <Box position="relative" flex="1" minW={filtered ? { sm: '12rem' } : undefined} maxW={{ sm: 'md' }}>
      <Box
        position="absolute"
        insetStart="3"
        top="50%"
        transform="translateY(-50%)"
        color="fg.muted"
        pointerEvents="none"
      >
        <Search size={16} aria-hidden />
      </Box>
      <Input
        type="search"
        ps="9"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
    </Box>
  )
})
