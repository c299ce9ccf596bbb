/** The mounted toaster (lazy chunk): top right, 5 s, each toast announced politely. */
import { Portal, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react'
import { X } from 'lucide-react'
import { useEffect } from 'react'
import { toasterMounted } from '../lib/notify'
import { toaster } from '../lib/toast-store'
import { ChakraRoot } from './chakra-root'

export default function Toaster() {
  useEffect(() => {
    toasterMounted()
  }, [])
  return (
    <ChakraRoot>
      <Portal>
        <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
          {(toast) => (
            <Toast.Root width={{ md: 'sm' }}>
              <Toast.Indicator />
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
                {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              </Stack>
              {toast.closable && (
                <Toast.CloseTrigger aria-label="Bezárás">
                  <X size={16} aria-hidden />
                </Toast.CloseTrigger>
              )}
            </Toast.Root>
          )}
        </ChakraToaster>
      </Portal>
    </ChakraRoot>
  )
}
