/**
 * Felhasználók (issue 11, feature `manageUsers`): every account, virtualised, fuzzy search on name and username,
 * filter by type; create (one-time password shown once), disable/enable, password reset, MFA removal, per-user
 * features, import from .xlsx/.csv with a preview, export as .xlsx. Default export: the shell loads it lazily.
 */
import { Box, Button, Flex, Heading, HStack, Text } from '@chakra-ui/react'
import { Download, Upload, UserPlus, Users } from 'lucide-react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { USERS_MESSAGES, type CreateUserRequest, type UserSummary } from '@contract/api'
import { USER_TYPES, type UserType } from '@contract/features'
import { TIMING } from '@contract/limits'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { SelectInput } from '@/components/form'
import { ListState, type ListWords } from '@/components/list-state'
import { ListToolbar } from '@/components/list-toolbar'
import { OfflineMarker } from '@/components/offline-marker'
import { OnlineOnlyNote } from '@/components/online-only-note'
import { MESSAGES } from '@contract/messages'
import { useOnlineStatus } from '@/lib/online-status'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { useSearchTerm } from '@/lib/use-search-term'
import { whenIdle } from '@/lib/when-idle'
import {
  downloadUsersXlsx,
  useCreateUser,
  useRemoveMfa,
  useResetPassword,
  useSetUserStatus,
  useUsers,
} from './api/users'
import { schoolToday } from '@/lib/school-zone'
import { CreateUserDialog } from './components/create-user-dialog'
import { ImportUsersDialog } from './components/import-users-dialog'
import { OneTimePasswordDialog } from './components/one-time-password-dialog'
import { UserFeaturesDialog } from './components/user-features-dialog'
import { UsersTable, type UserAction } from './components/users-table'
import type { Slip } from './print-slips'
import { USER_TYPE_LABELS } from './user-labels'
import { createUserSearch, normaliseForSearch } from './user-search'

/** The type filter: every type, or one. */
const TYPE_FILTERS = [
  { value: '', label: 'Minden típus' },
  ...USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] })),
]

const NO_USERS: UserSummary[] = []

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback)

export default function UsersScreen() {
  const users = useUsers()
  const list = users.data?.users ?? NO_USERS
  const [typeFilter, setTypeFilter] = useState<UserType | ''>('')
  const [term, settledTerm, setTerm] = useSearchTerm(TIMING.searchDebounceMs)
  const searching = normaliseForSearch(settledTerm) !== '' || typeFilter !== ''

  const ofType = useMemo(
    () => (typeFilter ? list.filter((u) => u.type === typeFilter) : list),
    [list, typeFilter],
  )
  const search = useMemo(() => createUserSearch(ofType), [ofType])
  const results = useMemo(() => search.search(settledTerm), [search, settledTerm])
  useEffect(() => whenIdle(() => search.prepare()), [search])

  const [creating, setCreating] = useState(false)
  // Every write here is online: offline they are disabled and the note says why (as Tantermek).
  const online = useOnlineStatus()
  const [importing, setImporting] = useState(false)
  const [slip, setSlip] = useState<{ title: string; slip: Slip } | null>(null)
  const [confirm, setConfirm] = useState<{
    action: Exclude<UserAction, 'features'>
    user: UserSummary
  } | null>(null)
  const [featuresOf, setFeaturesOf] = useState<UserSummary | null>(null)

  const create = useCreateUser()
  const setStatus = useSetUserStatus()
  const reset = useResetPassword()
  const removeMfa = useRemoveMfa()
  const busy = setStatus.isPending || reset.isPending || removeMfa.isPending

  const onCreate = async (request: CreateUserRequest) => {
    try {
      const answer = await create.mutateAsync(request)
      setCreating(false)
      notify.success(USERS_MESSAGES.created)
      setSlip({ title: 'Felhasználó létrehozva', slip: { ...answer.user, password: answer.password } })
    } catch (error) {
      notify.error(errorText(error, 'Hiba történt a felhasználó létrehozása közben.'))
    }
  }

  const onAction = useCallback((action: UserAction, user: UserSummary) => {
    if (action === 'features') setFeaturesOf(user)
    else setConfirm({ action, user })
  }, [])

  const onConfirm = async () => {
    if (!confirm) return
    const { action, user } = confirm
    try {
      if (action === 'status') {
        const answer = await setStatus.mutateAsync({ id: user.id, disabled: !user.disabled })
        notify.success(answer.message)
      } else if (action === 'password') {
        const answer = await reset.mutateAsync(user.id)
        notify.success(answer.message)
        setSlip({
          title: 'Új egyszer használatos jelszó',
          slip: { ...answer.user, password: answer.password },
        })
      } else {
        const answer = await removeMfa.mutateAsync(user.id)
        notify.success(answer.message)
      }
    } catch (error) {
      notify.error(errorText(error, 'Hiba történt a művelet végrehajtása közben.'))
    }
    setConfirm(null)
  }

  const exportList = async () => {
    try {
      await downloadUsersXlsx(`felhasznalok-${schoolToday()}.xlsx`)
    } catch {
      notify.error('Hiba történt az exportálás közben.')
    }
  }

  return (
    <Flex direction="column" h="full" minH="0" gap="4" p={{ base: '4', md: '6' }}>
      <Flex as="header" justify="space-between" align="start" gap="3" wrap="wrap">
        <Box>
          <Heading as="h1" size="2xl">
            Felhasználók
          </Heading>
          <Text color="fg.muted" mt="1">
            Fiókok létrehozása, letiltása, jelszó visszaállítása és a funkciók felhasználónkénti beállítása.
          </Text>
        </Box>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => void exportList()}>
            <Download size={16} aria-hidden />
            Exportálás
          </Button>
          <Button variant="outline" disabled={!online} onClick={() => setImporting(true)}>
            <Upload size={16} aria-hidden />
            Importálás
          </Button>
          <Button colorPalette="blue" disabled={!online} onClick={() => setCreating(true)}>
            <UserPlus size={16} aria-hidden />
            Új felhasználó
          </Button>
        </HStack>
      </Flex>

      <ListToolbar
        search={{
          label: 'Keresés név vagy felhasználónév alapján',
          placeholder: 'Keresés név vagy felhasználónév alapján...',
          value: term,
          onChange: setTerm,
        }}
        count={users.data ? userCount(list.length, searching ? results.length : null) : null}
        countIcon={<Users size={16} aria-hidden />}
      >
        <SelectInput
          width={{ sm: '14rem' }}
          aria-label="Típus szerinti szűrés"
          value={typeFilter}
          onChange={(event) => setTypeFilter(event.target.value as UserType | '')}
          options={TYPE_FILTERS}
        />
      </ListToolbar>

      <OfflineMarker updatedAt={users.data?.date ?? null} />
      <OnlineOnlyNote>{MESSAGES.usersWritesOffline}</OnlineOnlyNote>

      <ListState
        query={users}
        count={results.length}
        searching={searching}
        words={WORDS}
        emptyIcon={<Users aria-hidden />}
      >
        <UsersTable users={results} onAction={onAction} writable={online} />
      </ListState>

      <CreateUserDialog
        open={creating}
        saving={create.isPending}
        onClose={() => setCreating(false)}
        onCreate={(request) => void onCreate(request)}
      />
      <OneTimePasswordDialog
        slip={slip?.slip ?? null}
        title={slip?.title ?? ''}
        onClose={() => setSlip(null)}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? CONFIRM[confirm.action](confirm.user).title : ''}
        question={confirm ? CONFIRM[confirm.action](confirm.user).question : ''}
        subject={confirm ? `${confirm.user.name} (${confirm.user.username})` : undefined}
        note={confirm ? CONFIRM[confirm.action](confirm.user).note : undefined}
        confirmLabel={confirm ? CONFIRM[confirm.action](confirm.user).confirm : ''}
        busy={busy}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void onConfirm()}
      />
      <UserFeaturesDialog user={featuresOf} onClose={() => setFeaturesOf(null)} />
      <ImportUsersDialog open={importing} onClose={() => setImporting(false)} />
    </Flex>
  )
}

const CONFIRM: Record<
  Exclude<UserAction, 'features'>,
  (user: UserSummary) => { title: string; question: string; note?: string; confirm: string }
> = {
  status: (user) =>
    user.disabled
      ? {
          title: 'Felhasználó engedélyezése',
          question: 'Biztosan engedélyezni szeretnéd ezt a felhasználót?',
          confirm: 'Engedélyezés',
        }
      : {
          title: 'Felhasználó letiltása',
          question: 'Biztosan le szeretnéd tiltani ezt a felhasználót?',
          note: 'A felhasználó minden munkamenete azonnal véget ér, és nem tud bejelentkezni.',
          confirm: 'Letiltás',
        },
  password: () => ({
    title: 'Jelszó visszaállítása',
    question: 'Biztosan új egyszer használatos jelszót szeretnél adni ennek a felhasználónak?',
    note: 'A jelenlegi jelszava megszűnik, és minden munkamenete véget ér.',
    confirm: 'Visszaállítás',
  }),
  mfa: () => ({
    title: 'Többfaktoros hitelesítés kikapcsolása',
    question: 'Biztosan kikapcsolod a többfaktoros hitelesítést ennél a felhasználónál?',
    note: 'Ezután csak a jelszavával jelentkezik be, amíg újra be nem állítja.',
    confirm: 'Kikapcsolás',
  }),
}

const WORDS: ListWords = {
  loading: 'Felhasználók betöltése...',
  error: 'Hiba történt a felhasználók betöltése közben.',
  empty: { title: 'Nincsenek felhasználók', description: 'Még nincs egyetlen fiók sem a rendszerben.' },
  noMatch: {
    title: 'Nincs találat',
    description: 'Nem található felhasználó a megadott keresési feltételekkel.',
  },
}

function userCount(total: number, matches: number | null): string {
  return matches === null ? `${total} felhasználó` : `${matches} találat / ${total} felhasználó`
}
