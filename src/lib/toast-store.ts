/**
 * The toaster store, in its own module so the login screen's first load does not carry it: `notify` imports it
 * on first use (spec §2: top right, 5 s).
 */
import { createToaster } from '@chakra-ui/react'
import { TIMING } from '@contract/limits'

export const toaster = createToaster({
  placement: 'top-end',
  // Below a dialog's header row: a toast must not cover the × of a large dialog (cover: 2.5 rem margin, then the
  // header's corner) on a tablet or a phone for its 5 s (issue 18). Still top right, as the spec says.
  offsets: { top: '6rem', right: '1rem', bottom: '1rem', left: '1rem' },
  duration: TIMING.toastMs,
  pauseOnPageIdle: true,
})
