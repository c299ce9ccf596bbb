/** Mounts the lazy <Toaster/> once the first notification asks for it (keeps it out of the login first load). */
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { subscribeToaster, toasterWanted } from '../lib/notify'

const Toaster = lazy(() => import('./toaster'))

export function ToasterHost() {
  const wanted = useSyncExternalStore(subscribeToaster, toasterWanted, toasterWanted)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
