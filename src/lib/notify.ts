/**
 * Toast notifications: `notify.success|error|info(title)`. The toaster and its component load on first use; the
 * app's <ToasterHost/> mounts the <Toaster/> as soon as the first notification asks for it.
 */
type Kind = 'success' | 'error' | 'info'

type Listener = () => void
let wanted = false
const listeners = new Set<Listener>()
let mounted: Promise<void> | null = null
let resolveMounted: (() => void) | null = null

/** For <ToasterHost/>: whether a notification has asked for the toaster yet. */
export function toasterWanted(): boolean {
  return wanted
}

/** For <ToasterHost/>: subscribe to the moment the toaster is first wanted. */
export function subscribeToaster(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Called by the mounted <Toaster/>: toasts created after this are shown. */
export function toasterMounted(): void {
  resolveMounted?.()
}

function ensureMounted(): Promise<void> {
  if (!mounted) {
    mounted = new Promise((resolve) => {
      resolveMounted = resolve
    })
    wanted = true
    for (const listener of listeners) listener()
  }
  return mounted
}

async function show(type: Kind, title: string): Promise<void> {
  const [{ toaster }] = await Promise.all([import('./toast-store'), ensureMounted()])
  toaster.create({ type, title, closable: true })
}

/** Shows a toast at the top right that closes after 5 seconds. */
export const notify = {
  success: (title: string) => void show('success', title),
  error: (title: string) => void show('error', title),
  info: (title: string) => void show('info', title),
}

/** Tests only: forget that the toaster was mounted (each test renders a fresh tree). */
export function resetNotifyForTests(): void {
  wanted = false
  mounted = null
  resolveMounted = null
}
