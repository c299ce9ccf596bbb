/**
 * The uploads in progress, one row a file: its name, a progress bar with the percentage, and 'Mégsem' to stop it.
 * A file whose name is taken in the folder waits for the question 'Felülírod?' (ConfirmDialog) instead.
 */
import { Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react'
import { X } from 'lucide-react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import type { UploadItem } from '../use-uploads'

interface UploadListProps {
  items: readonly UploadItem[]
  onCancel: (id: string) => void
  onOverwrite: (id: string) => void
  onSkip: (id: string) => void
}

function percent(item: UploadItem): number {
  return item.total > 0 ? Math.min(100, Math.round((item.loaded / item.total) * 100)) : 0
}

export function UploadList({ items, onCancel, onOverwrite, onSkip }: UploadListProps) {
  const uploading = items.filter((item) => item.status === 'uploading')
  const conflict = items.find((item) => item.status === 'conflict')
  return (
    <>
      {uploading.length > 0 && (
        <Stack as="ul" aria-label="Feltöltések" gap="2" listStyleType="none" m="0" p="0">
          {uploading.map((item) => (
            <Box as="li" key={item.id} borderWidth="1px" borderRadius="md" px="3" py="2">
              <HStack gap="3">
                <Stack gap="1" flex="1" minW="0">
                  <HStack justify="space-between" gap="2">
                    <Text truncate>{item.name}</Text>
                    <Text color="fg.muted" fontVariantNumeric="tabular-nums">
                      {percent(item)}%
                    </Text>
                  </HStack>
                  <Progress.Root value={percent(item)} size="sm">
                    <Progress.Track aria-label={`Feltöltés: ${item.name}`}>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                </Stack>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Mégsem: ${item.name} feltöltésének megszakítása`}
                  onClick={() => onCancel(item.id)}
                >
                  <X aria-hidden /> Mégsem
                </Button>
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={conflict !== undefined}
        title="Felülírod?"
        question="Ebben a mappában már van ilyen nevű fájl. Felülírod?"
        subject={conflict?.name}
        note="A régi fájl tartalma elvész."
        confirmLabel="Felülírás"
        busy={false}
        onCancel={() => conflict && onSkip(conflict.id)}
        onConfirm={() => conflict && onOverwrite(conflict.id)}
      />
    </>
  )
}
