/**
 * The toaster store, in its own module so the login screen's first load does not carry it: `notify` imports it
 * on first use (spec §2: top right, 5 s).
 */
import { createToaster } from '@chakra-ui/react'
import { TIMING } from '../../contract/limits'

export const toaster = createToaster({
  placement: 'top-end',
  duration: TIMING.toastMs,
  pauseOnPageIdle: true,
})
