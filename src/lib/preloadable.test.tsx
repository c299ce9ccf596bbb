import { act, render, screen } from '@testing-library/react'
import { Suspense, type ComponentType } from 'react'
import { describe, expect, it } from 'vitest'
import { preloadable, useLoaded } from './preloadable'

/** A chunk that arrives when the test says so. */
function controlledChunk() {
  let arrive!: () => void
  let fail!: (error: Error) => void
  const chunk = new Promise<ComponentType>((resolve, reject) => {
    arrive = () => resolve(() => <p>Loaded</p>)
    fail = reject
  })
  return { component: preloadable(() => chunk), arrive: () => arrive(), fail: (error: Error) => fail(error) }
}

function Host({ component }: { component: ReturnType<typeof controlledChunk>['component'] }) {
  const Component = component
  return useLoaded(component) ? <Component /> : <p>Betöltés</p>
}

describe('useLoaded', () => {
  it('shows the stand-in until the chunk has arrived, then the component without suspending', async () => {
    const { component, arrive } = controlledChunk()
    render(
      <Suspense fallback={<p>Fallback</p>}>
        <Host component={component} />
      </Suspense>,
    )
    expect(screen.getByText('Betöltés')).toBeInTheDocument()
    expect(component.ready()).toBe(false)
    await act(async () => arrive())
    expect(screen.getByText('Loaded')).toBeInTheDocument()
    expect(screen.queryByText('Fallback')).toBeNull()
  })

  it('is true at once for a chunk loaded before', async () => {
    const { component, arrive } = controlledChunk()
    arrive()
    await component.preload()
    render(<Host component={component} />)
    expect(screen.getByText('Loaded')).toBeInTheDocument()
  })

  it('after a failed load, renders the component, whose render tries the chunk again', async () => {
    let loads = 0
    const component = preloadable(() =>
      ++loads === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(() => <p>Loaded</p>),
    )
    render(
      <Suspense fallback={<p>Fallback</p>}>
        <Host component={component} />
      </Suspense>,
    )
    expect(await screen.findByText('Loaded')).toBeInTheDocument()
    expect(loads).toBe(2)
  })
})
