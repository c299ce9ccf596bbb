/** The offline write outbox (DESIGN §5). Screens use `useQueuedMutation`; the shell shows `useOutboxState`. */
export { backoffDelay, outbox, type DeferReason, type ItemCallbacks, type OutboxState } from './outbox'
export type { OutboxItem, QueuedRequest } from './outbox-item'
export { useOutboxRunner, useOutboxState } from './use-outbox'
export { useQueuedMutation, type QueuedMutationOptions } from './use-queued-mutation'
