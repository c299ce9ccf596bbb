/**
 * 'QR-kód' (issue 9, beyond the spec): the short link's QR code full-screen, for the classroom projector — large,
 * high contrast, with a quiet zone — and downloads as PNG and SVG. The `qrcode` library loads only when a code is
 * first shown (dynamic import: its own chunk).
 */
import { Button, CloseButton, Dialog, Flex, Image, Portal, Spinner, Text } from '@chakra-ui/react'
import { Download } from 'lucide-react'
import { useEffect, useState } from 'react'

interface QrImages {
  png: string
  svg: string
}

/** Both images of `text` (data URLs): PNG 1024 px for the projector, SVG for print. Error correction 'M'. */
async function qrImages(text: string): Promise<QrImages> {
  const QRCode = await import('qrcode')
  const options = {
    errorCorrectionLevel: 'M' as const,
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  }
  const [png, svg] = await Promise.all([
    QRCode.toDataURL(text, { ...options, width: 1024 }),
    QRCode.toString(text, { ...options, type: 'svg' }),
  ])
  return { png, svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }
}

export interface QrDialogProps {
  /** The link shown; null when closed. */
  link: { short: string; full: string } | null
  onClose: () => void
}

export function QrDialog({ link, onClose }: QrDialogProps) {
  const [images, setImages] = useState<{ for: string; images: QrImages } | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const full = link?.full ?? null

  useEffect(() => {
    if (!full) return
    let live = true
    qrImages(full).then(
      (made) => live && setImages({ for: full, images: made }),
      () => live && setFailed(full),
    )
    return () => {
      live = false
    }
  }, [full])

  const shown = images && images.for === full ? images.images : null

  return (
    <Dialog.Root
      open={link !== null}
      size="full"
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="white" color="black">
            <Dialog.Header>
              <Dialog.Title>QR-kód: {link?.short}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body
              display="flex"
              flexDirection="column"
              alignItems="center"
              justifyContent="center"
              gap="4"
            >
              {shown ? (
                <Image
                  src={shown.png}
                  alt={`QR-kód: ${full}`}
                  w="min(70vh, 90vw)"
                  h="min(70vh, 90vw)"
                  style={{ imageRendering: 'pixelated' }}
                />
              ) : failed === full ? (
                <Text role="alert">Hiba történt a QR-kód készítése során.</Text>
              ) : (
                <Spinner size="lg" aria-label="QR-kód készítése..." />
              )}
              <Text
                fontSize={{ base: 'xl', md: '3xl' }}
                fontWeight="semibold"
                fontFamily="mono"
                wordBreak="break-all"
              >
                {full}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Flex gap="2" wrap="wrap" justify="flex-end">
                {shown && (
                  <>
                    <Button asChild variant="outline" colorPalette="gray">
                      <a href={shown.png} download={`${link?.short ?? 'qr'}.png`}>
                        <Download aria-hidden />
                        PNG letöltése
                      </a>
                    </Button>
                    <Button asChild variant="outline" colorPalette="gray">
                      <a href={shown.svg} download={`${link?.short ?? 'qr'}.svg`}>
                        <Download aria-hidden />
                        SVG letöltése
                      </a>
                    </Button>
                  </>
                )}
                <Button onClick={onClose}>Bezárás</Button>
              </Flex>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label="Bezárás" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
