/** Devices that signed in to an account (schema `known_devices`), by the sha256 of the proof the device keeps. */
import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../db'
import { knownDevices } from '../db/schema'

export async function insertKnownDevice(db: Db, proofHash: string, userId: string, now: Date): Promise<void> {
  await db.insert(knownDevices).values({ proofHash, userId, lastUsed: now })
}

/** Whether the proof belongs to that user's device; marks it used. */
export async function touchKnownDevice(
  db: Db,
  proofHash: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(knownDevices)
    .set({ lastUsed: now })
    .where(and(eq(knownDevices.proofHash, proofHash), eq(knownDevices.userId, userId)))
    .returning({ proofHash: knownDevices.proofHash })
  return rows.length > 0
}

export async function deleteUnusedDevices(db: Db, before: Date): Promise<void> {
  await db.delete(knownDevices).where(lt(knownDevices.lastUsed, before))
}
