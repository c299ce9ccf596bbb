/**
 * The authenticated shell (spec §2): the sidebar picks the screen; on phones the sidebar is a drawer behind a
 * hamburger button. Features come from the dashboard, overridden by the featurePreview settings (useEffectiveFeatures).
 */
import {
  Box,
  Button,
  chakra,
  CloseButton,
  Drawer,
  Flex,
  IconButton,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Menu } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useDashboard } from '@/api/dashboard'
import { HttpsBanner } from '@/components/https-notice'
import { LoadingScreen } from '@/components/loading-screen'
import { outbox, useOutboxRunner } from '@/lib/outbox'
import { clearScreenRequest, onScreenRequest } from '@/lib/screen-request'
import { endSession } from '@/session/session-actions'
import { useEffectiveFeatures, useFeature } from '@/session/use-features'
import { schoolToday } from '@/lib/school-zone'
import { initialScreen, SETTINGS_SCREEN, visibleEntries, type ScreenId } from './menu'
import { isScreenReady, prepareScreen, ScreenOutlet, SCREENS, warmScreens } from './screens'
import { OutboxBadge } from './outbox-badge'
import { SidebarContent } from './sidebar'
import { UnsentWritesDialog } from './unsent-writes-dialog'

/** The main area's id: the skip link's target. */
export const MAIN_ID = 'tartalom'
export const SKIP_LINK = 'Ugrás a tartalomra'

/** The shown screen's heading (or the main area): where the focus goes after a menu choice or the skip link. */
function focusMain(main: HTMLElement | null): void {
  if (!main) return
  if (focusHeading(main)) return
  // The screen is still loading: the main area holds the focus until its heading comes (if nothing moved it).
  main.focus()
  const observer = new MutationObserver(() => {
    if (document.activeElement !== main || focusHeading(main)) observer.disconnect()
  })
  observer.observe(main, { childList: true, subtree: true })
  setTimeout(() => observer.disconnect(), HEADING_WAIT_MS)
}

/** How long a loading screen's heading is waited for. */
const HEADING_WAIT_MS = 10_000

/**
 * While a chosen screen's code is on its way (main is aria-busy; a slow network), a thin bar shows at the top of the
 * main area: from 300 ms on, so a quick switch shows nothing, then pulsing. Opacity only, which the compositor
 * animates: no restyle on the main thread per frame while the screen loads and renders.
 */
const LOADING_BAR = {
  '&[aria-busy="true"]::before': {
    content: '""',
    position: 'sticky',
    top: '0',
    zIndex: '1',
    display: 'block',
    height: '3px',
    marginBottom: '-3px',
    bg: 'blue.focusRing',
    animation:
      'fade-in 200ms ease-out 300ms backwards, pulse 1.5s cubic-bezier(0.4, 0, 0.6, 1) 500ms infinite',
  },
}

function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1')
  if (!heading) return false
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
  heading.focus()
  return true
}

export function Shell() {
  const dashboard = useDashboard()
  const queryClient = useQueryClient()
  const [selected, setSelected] = useState<ScreenId | null>(null)
  // What the main area shows: the selection, once the selected screen's code is there (see select()).
  const [shownSelection, setShownSelection] = useState<ScreenId | null>(null)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [loggingOut, setLoggingOut] = useState(false)
  const [askingLogout, setAskingLogout] = useState(false)
  // The write outbox runs while the signed-in app is mounted (DESIGN §5).
  useOutboxRunner()

  const today = schoolToday()
  const features = useEffectiveFeatures()
  // 'Reszponzív oldalsáv' (issue 18: it did nothing): on a tablet the sidebar stays on screen as a rail of icons
  // instead of the hamburger's drawer; a phone keeps the drawer, a desktop the full sidebar. A preview-only feature.
  const rail = useFeature('responsiveSidebar')
  const entries = useMemo(() => visibleEntries(features, today), [features, today])
  // Once the dashboard says what the user may open, get those screens ready before the first click (their code
  // and the data they show first). In render, not in an effect: it starts before the sidebar is even committed.
  if (dashboard.data) warmScreens([...entries.map((entry) => entry.id), SETTINGS_SCREEN], queryClient)

  const current = selected ?? initialScreen(features, today)
  const shown = shownSelection ?? initialScreen(features, today)

  const mainRef = useRef<HTMLElement>(null)
  // A menu choice moves the focus to the new screen's heading once it is shown (issue 18: it stayed in the sidebar).
  const focusWhenShown = useRef<ScreenId | null>(null)
  useEffect(() => {
    if (focusWhenShown.current === null || focusWhenShown.current !== shownSelection) return
    focusWhenShown.current = null
    focusMain(mainRef.current)
  }, [shownSelection])

  // The latest menu choice: a screen whose code arrives after another choice is not shown.
  const latestChoice = useRef<ScreenId | null>(null)
  const select = useCallback(
    (id: ScreenId) => {
      focusWhenShown.current = id
      latestChoice.current = id
      setSelected(id)
      setDrawerOpen(false)
      // A screen whose code is loaded switches in the same render as the sidebar. Otherwise the previous screen stays
      // (main is aria-busy) until the code has arrived, and the new one then renders in one go. Not a transition
      // that suspends on the code: React reveals such a screen as a Suspense retry, held back until 300 ms after
      // the last fallback shown (Kezdőlap's, right after the start), and renders it in 5 ms slices.
      if (isScreenReady(id)) return setShownSelection(id)
      // Its first data comes with the code (a screen's `firstData`). A failed load shows the screen all the same: its
      // render tries the code again (and fails as before).
      const show = () => {
        if (latestChoice.current === id) setShownSelection(id)
      }
      void prepareScreen(id, queryClient).then(show, show)
    },
    [queryClient],
  )
  // A screen asking for another (src/lib/screen-request.ts; Kezdőlap's 'Jelenlét' opens Csoportok on a register):
  // only a screen in the user's menu is shown. What the request opens takes the focus, not the screen's heading.
  useEffect(
    () =>
      onScreenRequest((request) => {
        const entry = entries.find((candidate) => candidate.id === request.screen)
        if (!entry) return clearScreenRequest(request)
        select(entry.id)
        if (request.open) focusWhenShown.current = null
      }),
    [entries, select],
  )
  const logoutNow = useCallback(() => {
    setAskingLogout(false)
    setLoggingOut(true)
    void endSession()
  }, [])
  // A logout wipes the outbox: with writes still waiting, ask first ('Elküldetlen módosítások').
  const logout = useCallback(() => {
    setDrawerOpen(false)
    if (outbox.getSnapshot().items.length > 0) setAskingLogout(true)
    else logoutNow()
  }, [logoutNow])

  if (dashboard.isPending) return <LoadingScreen fullScreen message="Jogosultságok szinkronizálása..." />

  if (dashboard.isError)
    return (
      <Flex minH="100dvh" align="center" justify="center" p="6">
        <Stack align="center" gap="4" maxW="md" textAlign="center">
          <Text role="alert">
            Nem sikerült betölteni a jogosultságokat. Ellenőrizd a kapcsolatot, majd próbáld újra.
          </Text>
          <Flex gap="3">
            <Button colorPalette="blue" onClick={() => void dashboard.refetch()}>
              Újrapróbálás
            </Button>
            <Button variant="outline" onClick={logout}>
              Kijelentkezés
            </Button>
          </Flex>
        </Stack>
      </Flex>
    )

  const sidebar = (
    <SidebarContent
      entries={entries}
      selected={current}
      onSelect={select}
      onLogout={logout}
      loggingOut={loggingOut}
    />
  )

  return (
    <Flex h="100dvh" direction={{ base: 'column', lg: 'row' }} bg="bg">
      <chakra.a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault()
          focusMain(mainRef.current)
        }}
        position="absolute"
        zIndex="skipLink"
        top="2"
        insetStart="2"
        px="4"
        py="2"
        rounded="l2"
        bg="bg.panel"
        color="fg"
        borderWidth="2px"
        borderColor="blue.focusRing"
        fontWeight="semibold"
        transform="translateY(-200%)"
        _focusVisible={{ transform: 'none', outline: 'none' }}
      >
        {SKIP_LINK}
      </chakra.a>
      <Flex
        as="header"
        display={rail ? { base: 'flex', md: 'none' } : { base: 'flex', lg: 'none' }}
        align="center"
        gap="2"
        px="3"
        py="2"
        borderBottomWidth="1px"
      >
        <IconButton aria-label="Menü megnyitása" variant="ghost" onClick={() => setDrawerOpen(true)}>
          <Menu aria-hidden />
        </IconButton>
        <Text fontWeight="semibold" flex="1">
          {SCREENS[current].label}
        </Text>
        <OutboxBadge />
      </Flex>
      <Box
        as="aside"
        display={rail ? { base: 'none', md: 'block' } : { base: 'none', lg: 'block' }}
        w={rail ? { md: '20', lg: '64' } : '64'}
        flexShrink={0}
        borderRightWidth="1px"
        bg="bg.subtle"
      >
        {rail ? (
          <SidebarContent
            entries={entries}
            selected={current}
            onSelect={select}
            onLogout={logout}
            loggingOut={loggingOut}
            rail
          />
        ) : (
          sidebar
        )}
      </Box>
      <Drawer.Root
        open={drawerOpen}
        onOpenChange={(details) => setDrawerOpen(details.open)}
        placement="start"
        // After a choice in the drawer the focus goes to the new screen's heading, not back to the hamburger.
        finalFocusEl={() => mainRef.current?.querySelector<HTMLElement>('h1') ?? mainRef.current}
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content aria-label="Menü">
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Menü bezárása" />
              </Drawer.CloseTrigger>
              <Drawer.Body p="0">{sidebar}</Drawer.Body>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <Flex direction="column" flex="1" minW="0" minH="0">
        {dashboard.data?.user.type === 'admin' && <HttpsBanner />}
        <Box
          as="main"
          ref={mainRef}
          id={MAIN_ID}
          tabIndex={-1}
          outline="none"
          flex="1"
          overflowY="auto"
          minH="0"
          aria-busy={shown !== current || undefined}
          css={LOADING_BAR}
        >
          <ScreenOutlet screen={shown} />
        </Box>
      </Flex>
      <UnsentWritesDialog open={askingLogout} onStay={() => setAskingLogout(false)} onLogout={logoutNow} />
    </Flex>
  )
}
