/**
 * A lazily loaded component whose chunk can be loaded ahead of its first render (`preload`). React.lazy alone
 * suspends on its first render even when the module is already there, and its fallback shows for a moment; a
 * preloaded component renders at once instead. Used for the shell's screens and for parts of a screen that only a
 * tap shows (the inline password form), so their code stays off the first screen's path.
 */
import { lazy, useEffect, useState, type ComponentType } from 'react'

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Loads the chunk; once it has loaded, the component renders without suspending. */
  preload(): Promise<void>
  /** Whether the chunk has loaded. */
  ready(): boolean
}

/** Render it under a <Suspense>: until the chunk has loaded, it suspends. */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<void> | null = null
  function preload(): Promise<void> {
    loading ??= load().then(
      (component) => {
        loaded = component
      },
      (error: unknown) => {
        loading = null
        throw error
      },
    )
    return loading
  }
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })))
  function Component(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount it (and lose its state).
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>))
    return <Chosen {...props} />
  }
  return Object.assign(Component, { preload, ready: () => loaded !== null })
}

/**
 * Whether `component`'s chunk has loaded, loading it: render the component once this says so, and something else
 * until then. Unlike a suspending first render, the component then renders as an ordinary update, all at once: React
 * reveals what a Suspense boundary was waiting for as a retry, in 5 ms slices, and no sooner than 300 ms after the
 * boundary's fallback showed. A failed load says true too: the component's render tries the chunk again.
 */
export function useLoaded(component: Pick<Preloadable<object>, 'preload' | 'ready'>): boolean {
  const [loaded, setLoaded] = useState(component.ready)
  useEffect(() => {
    if (loaded) return
    const done = () => setLoaded(true)
    component.preload().then(done, done)
  }, [component, loaded])
  return loaded
}
