/**
 * 'Hiba bejelentése' (issue 11): shown only while the `featurePreview:builtinTicketForm` setting is on (useFeature,
 * which applies the previews as the shell does). Opens the form; the report goes through the outbox,
 * so one filed offline shows 'Elküldésre vár' beside the button until it is sent, and reaches the server once.
 */
import { Button, HStack, Text } from '@chakra-ui/react'
import { Bug } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useFeature } from '@/session/use-features'
import { useBugReportWrites } from '@/api/bug-reports'
import { APP_VERSION } from './app-version'

// The form's code loads at the first opening: the button sits in the shell, which every screen carries.
const BugReportDialog = lazy(() =>
  import('./bug-report-dialog').then((module) => ({ default: module.BugReportDialog })),
)

export const BUG_REPORT_FEATURE = 'builtinTicketForm'

/** Whether the preview setting turns the form on. */
export function useBugReportFormShown(): boolean {
  return useFeature(BUG_REPORT_FEATURE)
}

interface BugReportButtonProps {
  /** The screen the user is on: prefilled in the form. */
  screen: string
  /** 'nav' fits the sidebar (full width, left aligned); 'outline' fits a screen. */
  variant?: 'nav' | 'outline'
}

export function BugReportButton({ screen, variant = 'outline' }: BugReportButtonProps) {
  const shown = useBugReportFormShown()
  if (!shown) return null
  return <BugReportControl screen={screen} variant={variant} />
}

function BugReportControl({ screen, variant }: Required<BugReportButtonProps>) {
  const [open, setOpen] = useState(false)
  const [opened, setOpened] = useState(false)
  const { mutate, pending } = useBugReportWrites()
  const waiting = pending.filter((item) => item.method === 'POST' && item.status === 'waiting').length

  // The toasts come from the write's messages (src/api/bug-reports.ts); one that could not be stored rejects.
  async function file(values: { message: string; screen: string }) {
    await mutate({ kind: 'file', report: { ...values, appVersion: APP_VERSION } })
  }

  const nav = variant === 'nav'
  return (
    <>
      <HStack gap="2" w={nav ? 'full' : undefined}>
        <Button
          variant={nav ? 'ghost' : 'outline'}
          colorPalette="gray"
          justifyContent={nav ? 'flex-start' : undefined}
          flex={nav ? '1' : undefined}
          onClick={() => {
            setOpened(true)
            setOpen(true)
          }}
        >
          <Bug size={18} aria-hidden />
          Hiba bejelentése
        </Button>
        {waiting > 0 && (
          <Text as="span" fontSize="sm" color="fg.muted" role="status">
            Elküldésre vár
          </Text>
        )}
      </HStack>
      {opened && (
        <Suspense fallback={null}>
          <BugReportDialog open={open} screen={screen} onClose={() => setOpen(false)} onSave={file} />
        </Suspense>
      )}
    </>
  )
}
