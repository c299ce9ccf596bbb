/**
 * A full-area loading state with a spinner and a message; optional extra content (e.g. the slow-load hint).
 * Plain CSS (src/app/base.css): it is the first thing a reload paints, before Chakra has loaded.
 */
import type { ReactNode } from 'react'

export interface LoadingScreenProps {
  message?: string
  children?: ReactNode
  /** Fill the viewport instead of the parent. */
  fullScreen?: boolean
}

export function LoadingScreen({
  message = 'A betöltés folyamatban van',
  children,
  fullScreen,
}: LoadingScreenProps) {
  return (
    <div className={fullScreen ? 'portal-loading portal-loading--full' : 'portal-loading'}>
      <div className="portal-loading__body" role="status" aria-live="polite">
        <div className="portal-spinner" aria-hidden />
        <p>{message}</p>
        {children}
      </div>
    </div>
  )
}
