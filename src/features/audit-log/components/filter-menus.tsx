/**
 * The three dropdown filters of the Rendszernapló (spec §2): Felhasználók (multi-select of the users seen), Események
 * (the types grouped by the spec's categories; the last checked type cannot be unchecked) and Időszak. Menus stay
 * open while choosing, so several boxes can be ticked in one go; each works by keyboard (arrows, Space, Escape).
 */
import { Button, Menu, Portal, Text } from '@chakra-ui/react'
import { CalendarDays, ChevronDown, ListFilter, Users } from 'lucide-react'
import { memo, type ReactNode } from 'react'
import { AUDIT_CATEGORIES, type AuditType } from '@contract/audit'
import { AUDIT_TYPE_LABELS } from '../audit-entry'
import { AUDIT_PERIODS, allTypesChecked, type AuditPeriod } from '../audit-filters'

function FilterMenu({
  label,
  icon,
  summary,
  active,
  children,
}: {
  label: string
  icon: ReactNode
  /** What is chosen, shown on the button after the label ('Felhasználók (2)'). */
  summary: string | null
  active: boolean
  children: ReactNode
}) {
  return (
    <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button variant={active ? 'subtle' : 'outline'} colorPalette={active ? 'blue' : 'gray'} size="sm">
          {icon}
          {summary ? `${label} (${summary})` : label}
          <ChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxH="min(28rem, 70vh)" overflowY="auto" minW="16rem">
            {children}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}

export const UsersMenu = memo(function UsersMenu({
  users,
  selected,
  loading,
  onToggle,
}: {
  users: readonly string[]
  selected: readonly string[]
  loading: boolean
  onToggle: (user: string, checked: boolean) => void
}) {
  // A selected user the list does not (yet) name stays visible, so it can be unticked.
  const shown = [...users, ...selected.filter((user) => !users.includes(user))]
  return (
    <FilterMenu
      label="Felhasználók"
      icon={<Users aria-hidden />}
      summary={selected.length > 0 ? String(selected.length) : null}
      active={selected.length > 0}
    >
      {shown.length === 0 ? (
        <Text px="3" py="2" color="fg.muted" fontSize="sm">
          {loading ? 'Felhasználók betöltése...' : 'Nincs felhasználó'}
        </Text>
      ) : (
        shown.map((user) => (
          <Menu.CheckboxItem
            key={user}
            value={`user:${user}`}
            checked={selected.includes(user)}
            onCheckedChange={(checked) => onToggle(user, checked)}
          >
            {user}
            <Menu.ItemIndicator />
          </Menu.CheckboxItem>
        ))
      )}
    </FilterMenu>
  )
})

export const TypesMenu = memo(function TypesMenu({
  checked,
  onToggle,
  onAll,
}: {
  checked: readonly AuditType[]
  onToggle: (type: AuditType, checked: boolean) => void
  onAll: () => void
}) {
  const all = allTypesChecked(checked)
  const last = checked.length === 1 ? checked[0] : null
  return (
    <FilterMenu
      label="Események"
      icon={<ListFilter aria-hidden />}
      summary={all ? null : String(checked.length)}
      active={!all}
    >
      <Menu.Item value="all-types" disabled={all} onClick={onAll}>
        Összes eseménytípus
      </Menu.Item>
      {AUDIT_CATEGORIES.map((category) => (
        <Menu.ItemGroup key={category.label}>
          <Menu.Separator />
          <Menu.ItemGroupLabel>{category.label}</Menu.ItemGroupLabel>
          {category.types.map((type) => (
            <Menu.CheckboxItem
              key={type}
              value={type}
              checked={checked.includes(type)}
              // The last checked type cannot be unchecked (spec §4).
              disabled={type === last}
              onCheckedChange={(next) => onToggle(type, next)}
            >
              {AUDIT_TYPE_LABELS[type]}
              <Menu.ItemIndicator />
            </Menu.CheckboxItem>
          ))}
        </Menu.ItemGroup>
      ))}
    </FilterMenu>
  )
})

export const PeriodMenu = memo(function PeriodMenu({
  period,
  onChange,
}: {
  period: AuditPeriod
  onChange: (period: AuditPeriod) => void
}) {
  const current = AUDIT_PERIODS.find((candidate) => candidate.id === period)
  return (
    <FilterMenu
      label="Időszak"
      icon={<CalendarDays aria-hidden />}
      summary={period === 'all' ? null : (current?.label ?? null)}
      active={period !== 'all'}
    >
      <Menu.RadioItemGroup value={period} onValueChange={(details) => onChange(details.value as AuditPeriod)}>
        {AUDIT_PERIODS.map((option) => (
          <Menu.RadioItem key={option.id} value={option.id} closeOnSelect>
            {option.label}
            <Menu.ItemIndicator />
          </Menu.RadioItem>
        ))}
      </Menu.RadioItemGroup>
    </FilterMenu>
  )
})
