/** The sidebar's content: the visible entries, then the fixed Beállítások and Kijelentkezés at the bottom. */
import { Button, Flex, Stack, Text } from '@chakra-ui/react'
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
      // The choice shows at once. The recipe's 200 ms colour transition restyled the old and the new entry on the
      // main thread every frame while the chosen screen was rendering (~60 ms of a tablet's first Munkaidő tervező).
      transition="none"
    >
      <Icon size={18} aria-hidden />
      <span data-label="">{label}</span>
    </Button>
  )
}

/**
 * A screen's entry. Memoised with its own handler: a menu click changes the selection, and only the entries whose
 * `current` changed render again (each is a Chakra Button, whose styles are resolved on every render).
 */
const ScreenButton = memo(function ScreenButton({
  id,
  label,
  current,
  onSelect,
}: {
  id: ScreenId
  label: string
  current: boolean
  onSelect: (id: ScreenId) => void
}) {
  return <NavButton label={label} icon={SCREENS[id].icon} current={current} onClick={() => onSelect(id)} />
})

const LogoutButton = memo(function LogoutButton({
  onLogout,
  loggingOut,
}: {
  onLogout: () => void
  loggingOut?: boolean
}) {
  return <NavButton label="Kijelentkezés" icon={LogOut} onClick={onLogout} disabled={loggingOut} />
})

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
          <li key={entry.id}>
            <ScreenButton
              id={entry.id}
              label={entry.label}
              current={selected === entry.id}
              onSelect={onSelect}
            />
          </li>
        ))}
      </Stack>
      <Stack as="ul" listStyleType="none" gap="1" borderTopWidth="1px" pt="3">
        <li>
          <ScreenButton
            id={SETTINGS_SCREEN}
            label={SCREENS[SETTINGS_SCREEN].label}
            current={selected === SETTINGS_SCREEN}
            onSelect={onSelect}
          />
        </li>
        <li>
          <BugReportButton screen={SCREENS[selected].label} variant="nav" />
        </li>
        <li>
          <LogoutButton onLogout={onLogout} loggingOut={loggingOut} />
        </li>
      </Stack>
    </Stack>
  )
})
