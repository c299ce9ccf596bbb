/** The one table of screens: each is a lazy chunk rendered in the shell's main area. */
import { Center, Text } from '@chakra-ui/react'
import { lazy, Suspense, type ComponentType } from 'react'
import { ComingSoon } from '../../components/coming-soon'
import { LoadingScreen } from '../../components/loading-screen'

function placeholder(title: string): ComponentType {
  return function Placeholder() {
    return <ComingSoon title={title} />
  }
}

export const SCREENS: Record<string, ComponentType> = {
  Kezdőlap: placeholder('Kezdőlap'),
  DiákKezdőlap: lazy(() => import('../../features/student-home/student-home-screen')),
  Diákok: lazy(() => import('../../features/students/students-screen')),
  Linkrövidítő: placeholder('Linkrövidítő'),
  Csoportok: placeholder('Csoportok'),
  Tantermek: placeholder('Tantermek'),
  Fájlok: placeholder('Fájlok'),
  'Proxy Manager': placeholder('Proxy Manager'),
  Munkaórák: placeholder('Munkaórák'),
  'Munkaidő tervező': placeholder('Munkaidő tervező'),
  Rendszernapló: placeholder('Rendszernapló'),
  Beállítások: lazy(() => import('../../features/settings/settings-screen')),
}

/** Renders the selected screen, or 'Nem létező menüpont.' for an unknown selection. */
export function ScreenOutlet({
  screen,
  screens = SCREENS,
}: {
  screen: string
  screens?: Record<string, ComponentType>
}) {
  const Screen = Object.hasOwn(screens, screen) ? screens[screen] : undefined
  if (!Screen)
    return (
      <Center minH="60">
        <Text role="alert">Nem létező menüpont.</Text>
      </Center>
    )
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Screen />
    </Suspense>
  )
}
