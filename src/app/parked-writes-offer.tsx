/**
 * At the start of the signed-in app (issue 17): the account's outbox key is fetched and kept for this session, and
 * writes that an earlier session of the same account left parked on this device (its session ended with a 401
 * before they were sent) are offered: 'N elküldetlen módosítás vár: elküldöd?'. 'Küldés' puts them back into the
 * outbox (same Idempotency-Keys); 'Elvetés' asks once more, then deletes them. Closing the question keeps them for
 * the next sign-in. Offline at start: tried again when the network is back.
 */
import { Box, Button, List, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { ConfirmDialog } from '../components/confirm-dialog'
import { DialogFrame } from '../components/dialog-frame'
import { NetworkError } from '../lib/api-client'
import { notify } from '../lib/notify'
import { outbox } from '../lib/outbox'
import { claimParkedWrites } from '../session/parking'
import { removeParkedWrites, type ParkedWrites } from '../lib/outbox/parked-writes'

export function offerText(count: number): string {
  return `${count} elküldetlen módosítás vár: elküldöd?`
}

export function ParkedWritesOffer() {
  const [parked, setParked] = useState<ParkedWrites | null>(null)
  const [confirmingDiscard, setConfirmingDiscard] = useState(false)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let cancelled = false
    const claim = () => {
      claimParkedWrites().then(
        (found) => {
          window.removeEventListener('online', claim)
          if (!cancelled && found.items.length > 0) setParked(found)
        },
        (error: unknown) => {
          // Offline: once more when the network is back. Anything else (a 401 runs its rule) ends the attempt.
          if (!(error instanceof NetworkError)) window.removeEventListener('online', claim)
        },
      )
    }
    window.addEventListener('online', claim)
    claim()
    return () => {
      cancelled = true
      window.removeEventListener('online', claim)
    }
  }, [])

  if (!parked) return null
  const count = parked.items.length

  async function send(found: ParkedWrites) {
    setBusy(true)
    try {
      await outbox.adopt(found.items)
      await removeParkedWrites(found.bundleIds)
      setParked(null)
    } catch (error) {
      // Still parked: offered again at the next sign-in.
      console.error('adopting parked writes failed', error)
      notify.error('Hiba történt a módosítások átvétele során.')
    } finally {
      setBusy(false)
    }
  }

  async function discard(found: ParkedWrites) {
    setBusy(true)
    try {
      await removeParkedWrites(found.bundleIds)
      setConfirmingDiscard(false)
      setParked(null)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <DialogFrame
        role="alertdialog"
        open={!confirmingDiscard}
        title="Elküldetlen módosítások"
        description={offerText(count)}
        onClose={() => {
          if (!busy) setParked(null)
        }}
        gap="2"
        footerWrap
        footer={
          <>
            <Button
              variant="outline"
              colorPalette="red"
              disabled={busy}
              onClick={() => setConfirmingDiscard(true)}
            >
              Elvetés
            </Button>
            <Button colorPalette="blue" loading={busy} onClick={() => void send(parked)}>
              Küldés
            </Button>
          </>
        }
      >
        <Text color="fg.muted">Egy korábbi bejelentkezésed alatt rögzítetted őket ezen az eszközön.</Text>
        <Box maxH="40" overflowY="auto">
          <List.Root ps="5">
            {parked.items.map((item) => (
              <List.Item key={item.id}>{item.label}</List.Item>
            ))}
          </List.Root>
        </Box>
      </DialogFrame>
      <ConfirmDialog
        open={confirmingDiscard}
        title="Módosítások elvetése"
        question={`Biztosan elveted a(z) ${count} elküldetlen módosítást?`}
        note="Ez a művelet visszavonhatatlan."
        confirmLabel="Elvetés"
        busy={busy}
        onCancel={() => setConfirmingDiscard(false)}
        onConfirm={() => void discard(parked)}
      />
    </>
  )
}
