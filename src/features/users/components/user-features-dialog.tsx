/**
 * 'Funkciók': every feature of contract/features.ts for one account — its role default, an override (on/off) with
 * start and end dates, the dependencies, and the effective state today, recomputed while editing with the contract's
 * `isFeatureEnabled`. The dates are the days in which the override holds as switched on; a switched-off override
 * holds on every day. Saved as a whole; it takes effect at the user's next dashboard load (the server at once).
 */
import { Badge, Box, Grid, Input, Spinner, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'
import { USERS_MESSAGES, type UserFeatureOverride, type UserSummary } from '@contract/api'
import { FormDialog } from '@/components/form-dialog'
import { SelectInput } from '@/components/form'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { useSaveUserFeatures, useUserFeatures } from '../api/users'
import { effectiveFeatures, type OverrideDrafts } from '../effective-features'
import { featureLabel } from '../user-labels'

export interface UserFeaturesDialogProps {
  user: UserSummary | null
  onClose: () => void
}

type Choice = 'default' | 'on' | 'off'

const CHOICES: readonly { value: Choice; label: string }[] = [
  { value: 'default', label: 'Alapértelmezés' },
  { value: 'on', label: 'Bekapcsolva' },
  { value: 'off', label: 'Kikapcsolva' },
]

export function UserFeaturesDialog({ user, onClose }: UserFeaturesDialogProps) {
  const features = useUserFeatures(user?.id ?? null)
  const save = useSaveUserFeatures()
  const [drafts, setDrafts] = useState<OverrideDrafts | null>(null)

  useEffect(() => {
    if (!features.data) return
    setDrafts(Object.fromEntries(features.data.features.map((f) => [f.id, f.override])))
  }, [features.data])

  const effective = useMemo(
    () =>
      user && drafts && features.data ? effectiveFeatures(user.type, drafts, features.data.today) : null,
    [user, drafts, features.data],
  )

  const setChoice = (id: string, choice: Choice) =>
    setDrafts((current) => ({
      ...current,
      [id]:
        choice === 'default'
          ? null
          : {
              enabled: choice === 'on',
              startDate: current?.[id]?.startDate ?? null,
              endDate: current?.[id]?.endDate ?? null,
            },
    }))
  const setDate = (id: string, key: 'startDate' | 'endDate', value: string) =>
    setDrafts((current) => {
      const draft = current?.[id]
      return draft ? { ...current, [id]: { ...draft, [key]: value || null } } : current
    })

  const submit = async () => {
    if (!user || !drafts || save.isPending) return
    const overrides: UserFeatureOverride[] = Object.entries(drafts).flatMap(([id, draft]) =>
      draft ? [{ id, ...draft }] : [],
    )
    if (overrides.some((o) => o.startDate && o.endDate && o.startDate > o.endDate)) {
      notify.error(USERS_MESSAGES.badDates)
      return
    }
    try {
      await save.mutateAsync({ id: user.id, overrides })
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : 'Hiba történt a funkciók mentése közben.')
      return
    }
    notify.success(USERS_MESSAGES.featuresSaved)
    onClose()
  }

  const close = () => {
    setDrafts(null)
    onClose()
  }

  return (
    <FormDialog
      open={user !== null}
      title={`Funkciók: ${user?.name ?? ''}`}
      description="A felülbírálás dátumai azt a napokat jelölik, amikor a bekapcsolt funkció érvényes; a kikapcsolt felülbírálás minden nap érvényes. A változás a felhasználó következő betöltésekor lép életbe."
      size="xl"
      gap="3"
      onClose={close}
      onSubmit={() => void submit()}
      submitLabel="Mentés"
      busy={save.isPending}
      submitDisabled={!drafts}
    >
      {features.isPending && (
        <Text role="status">
          <Spinner size="sm" me="2" />
          Funkciók betöltése...
        </Text>
      )}
      {features.isError && <Text color="fg.error">Hiba történt a funkciók betöltése közben.</Text>}
      {drafts &&
        features.data?.features.map((feature) => {
          const draft = drafts[feature.id]
          const choice: Choice = draft ? (draft.enabled ? 'on' : 'off') : 'default'
          const label = featureLabel(feature.id)
          const on = effective?.has(feature.id) ?? feature.effective
          return (
            <Grid
              key={feature.id}
              templateColumns={{ base: '1fr', md: '2fr 1.3fr 1fr 1fr auto' }}
              gap="2"
              alignItems="center"
              borderBottomWidth="1px"
              pb="2"
              data-feature={feature.id}
            >
              <Box>
                <Text fontWeight="medium">{label}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {feature.id} · alapértelmezés: {feature.roleDefault ? 'be' : 'ki'}
                  {feature.dependencies.length > 0 &&
                    ` · feltétele: ${feature.dependencies.map(featureLabel).join(', ')}`}
                </Text>
              </Box>
              <SelectInput
                size="sm"
                aria-label={`Felülbírálás: ${label}`}
                value={choice}
                onChange={(event) => setChoice(feature.id, event.target.value as Choice)}
                options={CHOICES}
              />
              <Input
                size="sm"
                type="date"
                aria-label={`Kezdő dátum: ${label}`}
                disabled={!draft}
                value={draft?.startDate ?? ''}
                onChange={(event) => setDate(feature.id, 'startDate', event.target.value)}
              />
              <Input
                size="sm"
                type="date"
                aria-label={`Záró dátum: ${label}`}
                disabled={!draft}
                value={draft?.endDate ?? ''}
                onChange={(event) => setDate(feature.id, 'endDate', event.target.value)}
              />
              <Badge
                colorPalette={on ? 'green' : 'gray'}
                aria-label={`${label}: ${on ? 'aktív' : 'inaktív'}`}
              >
                {on ? 'Aktív' : 'Inaktív'}
              </Badge>
            </Grid>
          )
        })}
    </FormDialog>
  )
}
