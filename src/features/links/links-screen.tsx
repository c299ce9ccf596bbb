/**
 * Linkrövidítő (spec §2, §4 Links, §5, §8): create, list, copy and delete short links; each shows its visit count.
 * Default export: the shell loads this screen lazily.
 */
import { Badge, Box, Flex, Heading, Text } from '@chakra-ui/react'
import { Link2 } from 'lucide-react'
import { useCallback, useState } from 'react'
import type { ShortLink } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { useDashboard } from '@/api/dashboard'
import { ListState, type ListWords } from '@/components/list-state'
import { OnlineOnlyNote } from '@/components/online-only-note'
import { useOnlineStatus } from '@/lib/online-status'
import { notify } from '@/lib/notify'
import { linkErrorMessage, useCreateLink, useDeleteLink, useLinks } from './api/links'
import { CreateLinkForm } from './components/create-link-form'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { useCopyText } from '@/components/copy-text'
import { LinksTable } from './components/links-table'
import { QrDialog } from './components/qr-dialog'
import { fullShortLink, linkCount, shortLinkPrefix } from './short-link'

const NO_LINKS: ShortLink[] = []

export default function LinksScreen() {
  const links = useLinks()
  const list = links.data ?? NO_LINKS
  const base = useDashboard().data?.config.shortLinkBase ?? '/s/'
  // Creating and deleting are online writes: offline they are disabled and the note says why (as Tantermek).
  const online = useOnlineStatus()

  const create = useCreateLink()
  const { mutateAsync: createAsync } = create
  const onCreate = useCallback(
    async (values: { url: string; short: string; expiresAt?: string }) => {
      try {
        await createAsync(values)
      } catch (error) {
        notify.error(linkErrorMessage(error, 'Hiba történt a létrehozás során.'))
        throw error
      }
      notify.success(MESSAGES.linkCreated)
    },
    [createAsync],
  )

  // The link asked about in the confirmation; cleared on cancel, success or failure (spec §4).
  const [deleting, setDeleting] = useState<ShortLink | null>(null)
  const remove = useDeleteLink()
  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => notify.success(MESSAGES.linkDeleted),
      onError: (error) => notify.error(linkErrorMessage(error, 'Hiba történt a törlés során.')),
      onSettled: () => setDeleting(null),
    })
  }

  const { copy, dialog: copyDialog } = useCopyText('URL kimásolva a vágólapra!')
  const onCopy = useCallback((link: ShortLink) => copy(fullShortLink(base, link.short)), [base, copy])
  const onDelete = useCallback((link: ShortLink) => setDeleting(link), [])
  const [qr, setQr] = useState<ShortLink | null>(null)
  const onQr = useCallback((link: ShortLink) => setQr(link), [])

  return (
    <Flex direction="column" h="full" minH="0" gap="4" p={{ base: '4', md: '6' }}>
      <Flex as="header" gap="3" align="flex-start" justify="space-between" wrap="wrap">
        <Box>
          <Heading as="h1" size="2xl">
            Linkrövidítő
          </Heading>
          <Text color="fg.muted" mt="1">
            Hozz létre és kezelj rövid URL-eket
          </Text>
        </Box>
        {links.data && (
          <Badge size="lg" variant="subtle" colorPalette="blue" aria-live="polite">
            <Link2 size={14} aria-hidden />
            {linkCount(list.length)}
          </Badge>
        )}
      </Flex>

      <CreateLinkForm
        prefix={shortLinkPrefix(base)}
        submitting={create.isPending}
        offline={!online}
        onCreate={onCreate}
      />
      <OnlineOnlyNote>{MESSAGES.linksWritesOffline}</OnlineOnlyNote>

      <ListState query={links} count={list.length} words={WORDS} emptyIcon={<Link2 aria-hidden />}>
        <LinksTable
          links={list}
          base={base}
          canDelete={online}
          onCopy={onCopy}
          onQr={onQr}
          onDelete={onDelete}
        />
      </ListState>

      <QrDialog
        link={qr ? { short: qr.short, full: fullShortLink(base, qr.short) } : null}
        onClose={() => setQr(null)}
      />

      {copyDialog}

      <ConfirmDialog
        open={deleting !== null}
        title="Rövid URL törlése"
        question="Biztosan törölni szeretnéd ezt a rövid URL-t? A művelet nem vonható vissza."
        confirmLabel="Törlés megerősítése"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Flex>
  )
}

const WORDS: ListWords = {
  loading: 'URL-ek betöltése...',
  error: 'Hiba történt az URL-ek betöltése közben.',
  empty: { title: 'Nincsenek rövid URL-ek', description: 'Hozz létre új rövid URL-t a kezdéshez.' },
}
