/**
 * A lazily loaded component whose chunk can be loaded ahead of its first render (`preload`). React.lazy alone
 * suspends on its first render even when the module is already there, and its fallback shows for a moment; a
 * preloaded component renders at once instead. Used for the shell's screens and for parts of a screen that only a
 * tap shows (the inline password form), so their code stays off the first screen's path.
 */
import { lazy, useState, type ComponentType } from 'react'

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
