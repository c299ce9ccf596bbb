/** Per-user feature overrides on top of the role defaults (DESIGN §3). */
import { eq } from 'drizzle-orm'
import type { Db } from '../db'
import { userFeatures } from '../db/schema'

export type UserFeatureRow = typeof userFeatures.$inferSelect

export interface FeatureOverride {
  featureId: string
  enabled: boolean
  startDate?: string | null
  endDate?: string | null
  /** null keeps the default dependencies of the feature. */
  dependencies?: string[] | null
  variant?: string | null
}

export async function listUserFeatures(db: Db, userId: string): Promise<UserFeatureRow[]> {
  return db.select().from(userFeatures).where(eq(userFeatures.userId, userId))
}

/** Inserts or replaces one override. */
export async function setUserFeature(db: Db, userId: string, override: FeatureOverride): Promise<void> {
  const values = {
    userId,
    featureId: override.featureId,
    enabled: override.enabled,
    startDate: override.startDate ?? null,
    endDate: override.endDate ?? null,
    dependencies: override.dependencies ?? null,
    variant: override.variant ?? null,
  }
  await db
    .insert(userFeatures)
    .values(values)
    .onConflictDoUpdate({ target: [userFeatures.userId, userFeatures.featureId], set: values })
}
