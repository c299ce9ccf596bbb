/** The sidebar's content: the visible entries, then the fixed Beállítások and Kijelentkezés at the bottom. */
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { LogOut, type LucideIcon } from 'lucide-react'
import { memo } from 'react'
import type { MenuEntry, ScreenId } from './menu'
import { SETTINGS_SCREEN } from './menu'
import { SCREENS } from './screens'
import { OutboxBadge } from './outbox-badge'
import { BugReportButton } from '@/components/bug-report/bug-report-button'
import { productName as defaultProductName } from '@/lib/product-name'

interface SidebarProps {
  entries: MenuEntry[]
  selected: ScreenId
  onSelect: (id: ScreenId) => void
  onLogout: () => void
  loggingOut?: boolean
  productName?: string
  /** 'Reszponzív oldalsáv': on a tablet (md to lg) the sidebar is a rail of icons, the labels kept for assistive tech. */
  rail?: boolean
}

/** The tablet widths where a rail shows icons only. */
const RAIL_MEDIA = '@media screen and (min-width: 48em) and (max-width: 63.98em)'

const RAIL_CSS = {
  [RAIL_MEDIA]: {
    '& [data-label]': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
      whiteSpace: 'nowrap',
    },
    '& button': { justifyContent: 'center', paddingInline: '0' },
  },
}

function NavButton({
  label,
  icon: Icon,
  current,
  onClick,
  disabled,
}: {
  label: string
  icon: LucideIcon
  current?: boolean
  onClick: () => void
  disabled?: boolean
}) {
  return (
    <Button
      variant={current ? 'subtle' : 'ghost'}
      colorPalette={current ? 'blue' : 'gray'}
      justifyContent="flex-start"
      w="full"
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
      disabled={disabled}
      // A clear 2 px blue ring in both themes (the gray palette's ring is faint on the dark sidebar; issue 18).
      focusVisibleRing="outside"
      focusRingColor="blue.focusRing"
      focusRingWidth="2px"
    >
      <Icon size={18} aria-hidden />
      <span data-label="">{label}</span>
    </Button>
  )
}

/** Memoised: the shell re-renders for reasons of its own (drawer, a screen switch still loading its code). */
export const SidebarContent = memo(function SidebarContent({
  entries,
  selected,
  onSelect,
  onLogout,
  loggingOut,
  productName = defaultProductName(),
  rail = false,
}: SidebarProps) {
  return (
    <Stack
      as="nav"
      aria-label="Főmenü"
      h="full"
      gap="4"
      p="3"
      data-rail={rail ? '' : undefined}
      css={rail ? RAIL_CSS : undefined}
    >
      <Flex align="center" gap="2" px="3" pt="2">
        <Text fontWeight="bold" fontSize="lg" flex="1" data-label="">
          {productName}
        </Text>
        <OutboxBadge />
      </Flex>
      <Stack as="ul" listStyleType="none" gap="1" flex="1" overflowY="auto">
        {entries.map((entry) => (
          <Box as="li" key={entry.id}>
            <NavButton
              label={entry.label}
              icon={SCREENS[entry.id].icon}
              current={selected === entry.id}
              onClick={() => onSelect(entry.id)}
            />
          </Box>
        ))}
      </Stack>
      <Stack as="ul" listStyleType="none" gap="1" borderTopWidth="1px" pt="3">
        <Box as="li">
          <NavButton
            label={SCREENS[SETTINGS_SCREEN].label}
            icon={SCREENS[SETTINGS_SCREEN].icon}
            current={selected === SETTINGS_SCREEN}
            onClick={() => onSelect(SETTINGS_SCREEN)}
          />
        </Box>
        <Box as="li">
          <BugReportButton screen={SCREENS[selected].label} variant="nav" />
        </Box>
        <Box as="li">
          <NavButton label="Kijelentkezés" icon={LogOut} onClick={onLogout} disabled={loggingOut} />
        </Box>
      </Stack>
    </Stack>
  )
})
