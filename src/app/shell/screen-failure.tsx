/**
 * A screen that cannot be shown — its code did not load (offline without it cached; an update that removed the
 * chunk an older page asks for) or its render failed — shows a message and 'Újrapróbálás' in the main area. Without
 * it React took the whole app off the screen: a blank page, the sidebar and the outbox badge gone with it.
 */
import { Button, Center, Stack, Text } from '@chakra-ui/react'
import { Component, type ReactNode } from 'react'

export const SCREEN_FAILED =
  'Nem sikerült megjeleníteni a képernyőt. Ellenőrizd a kapcsolatot, majd próbáld újra.'
export const RETRY = 'Újrapróbálás'

interface Props {
  /** Loads the screen's code again before the retry renders it (a failed chunk load is not retried by itself). */
  onRetry: () => Promise<void>
  children: ReactNode
}

/** Key it by the screen: another screen starts without the failure. */
export class ScreenFailureBoundary extends Component<Props, { failed: boolean; retrying: boolean }> {
  state = { failed: false, retrying: false }

  static getDerivedStateFromError() {
    return { failed: true, retrying: false }
  }

  private retry = () => {
    this.setState({ retrying: true })
    const render = () => this.setState({ failed: false, retrying: false })
    this.props.onRetry().then(render, render)
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <Center minH="60" p="6">
        <Stack align="center" gap="4" maxW="md" textAlign="center">
          <Text role="alert">{SCREEN_FAILED}</Text>
          <Button colorPalette="blue" onClick={this.retry} loading={this.state.retrying}>
            {RETRY}
          </Button>
        </Stack>
      </Center>
    )
  }
}
