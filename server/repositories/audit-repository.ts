/** The audit log (spec §3). Callers pass the transaction of the change so the entry commits with it. */
import { randomUUID } from 'node:crypto'
import type { AuditExtras, AuditType } from '../../contract/audit'
import type { Db } from '../db'
import { auditLog } from '../db/schema'

export interface AuditEntryInput {
  username: string
  type: AuditType
  at: Date
  extras?: AuditExtras
}

/** Writes one audit entry with `db` — pass the transaction of the change it records. */
export async function writeAudit(db: Db, entry: AuditEntryInput): Promise<string> {
  const id = randomUUID()
  await db.insert(auditLog).values({
    id,
    username: entry.username,
    type: entry.type,
    ts: Math.floor(entry.at.getTime() / 1000),
    extras: (entry.extras ?? {}) as Record<string, string>,
  })
  return id
}
