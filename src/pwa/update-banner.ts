/**
 * The 'Új verzió érhető el' notice with its 'Frissítés' button (DESIGN §5, prompt-style updates). Plain DOM, no
 * Chakra and no React root: it appears outside the app's tree, on any screen, and costs the first load nothing.
 */

export interface UpdateBannerOptions {
  /** Runs when the user presses 'Frissítés': activate the waiting worker, then reload. */
  onUpdate: () => void
}

const BANNER_ID = 'pwa-update-banner'

/** Shows the banner (once; a second call keeps the first). Returns a function that removes it. */
export function showUpdateBanner({ onUpdate }: UpdateBannerOptions): () => void {
  const existing = document.getElementById(BANNER_ID)
  if (existing) return () => existing.remove()

  const banner = document.createElement('div')
  banner.id = BANNER_ID
  banner.setAttribute('role', 'status')
  banner.setAttribute('aria-live', 'polite')
  Object.assign(banner.style, {
    position: 'fixed',
    left: '50%',
    bottom: '16px',
    transform: 'translateX(-50%)',
    zIndex: '2147483000',
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    maxWidth: 'calc(100vw - 32px)',
    padding: '10px 12px 10px 16px',
    borderRadius: '8px',
    background: '#1e293b',
    color: '#ffffff',
    boxShadow: '0 4px 16px rgba(0, 0, 0, 0.25)',
    font: '500 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  } satisfies Partial<CSSStyleDeclaration>)

  const text = document.createElement('span')
  text.id = `${BANNER_ID}-text`
  text.textContent = 'Új verzió érhető el'

  const buttonStyle = {
    minHeight: '36px',
    padding: '0 14px',
    borderRadius: '6px',
    font: 'inherit',
    cursor: 'pointer',
  } satisfies Partial<CSSStyleDeclaration>

  const reload = document.createElement('button')
  reload.type = 'button'
  reload.textContent = 'Frissítés'
  reload.setAttribute('aria-describedby', text.id)
  Object.assign(reload.style, buttonStyle, {
    border: '0',
    background: '#ffffff',
    color: '#1e40af',
    fontWeight: '600',
  })
  reload.addEventListener('click', () => {
    reload.disabled = true
    reload.setAttribute('aria-busy', 'true')
    onUpdate()
  })

  const later = document.createElement('button')
  later.type = 'button'
  later.textContent = '×'
  later.setAttribute('aria-label', 'Később')
  Object.assign(later.style, buttonStyle, {
    border: '1px solid rgba(255, 255, 255, 0.4)',
    background: 'transparent',
    color: '#ffffff',
    padding: '0 10px',
  })
  later.addEventListener('click', () => banner.remove())

  banner.append(text, reload, later)
  document.body.append(banner)
  return () => banner.remove()
}
