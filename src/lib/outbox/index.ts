/** The offline write outbox (DESIGN §5). Screens use `useQueuedMutation`; the shell shows `useOutboxState`. */
export { outbox } from './outbox'
export { textLabel, type OutboxItem } from './outbox-item'
export { useOutboxRunner, useOutboxState } from './use-outbox'
export { useQueuedMutation } from './use-queued-mutation'
