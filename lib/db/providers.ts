import { asc, eq } from "drizzle-orm";
import type { Actor } from "@/lib/identity/actor";
import { getDb } from "./client";
import { providers } from "./schema";

/**
 * Data access for model providers. Providers are deployment configuration, not owned by a
 * user: admin reads and writes take the actor (the caller has checked its role); the runtime
 * and the start-up sync read as the system.
 */

export type ProviderRow = typeof providers.$inferSelect;
export type ProviderInsert = typeof providers.$inferInsert;

/** Every provider, oldest first (admin screen). */
export async function listProviderRows(_actor: Actor): Promise<ProviderRow[]> {
  const db = await getDb();
  return db.select().from(providers).orderBy(asc(providers.createdAt), asc(providers.id));
}

export async function findProviderRow(_actor: Actor, id: string): Promise<ProviderRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(providers).where(eq(providers.id, id));
  return row;
}

export async function insertProviderRow(_actor: Actor, values: ProviderInsert): Promise<ProviderRow> {
  const db = await getDb();
  const [row] = await db.insert(providers).values(values).returning();
  return row!;
}

export async function updateProviderRow(
  _actor: Actor,
  id: string,
  values: Partial<ProviderInsert>,
): Promise<ProviderRow | undefined> {
  const db = await getDb();
  const [row] = await db.update(providers).set(values).where(eq(providers.id, id)).returning();
  return row;
}

export async function deleteProviderRow(_actor: Actor, id: string): Promise<void> {
  const db = await getDb();
  await db.delete(providers).where(eq(providers.id, id));
}

/** The enabled providers, for the runtime's model resolution (cached in lib/models/provider-cache). */
export async function listEnabledProviderRows(): Promise<ProviderRow[]> {
  const db = await getDb();
  return db.select().from(providers).where(eq(providers.enabled, true));
}

/**
 * The start-up sync of the env-defined provider: `merge` turns the stored models (or none) into
 * the row's models; the fields in `owned` are the env's and always overwrite.
 */
export async function upsertSystemProvider(
  id: string,
  fresh: Omit<ProviderInsert, "id" | "models"> & { models: ProviderRow["models"] },
  owned: Partial<ProviderInsert>,
  merge: (stored: ProviderRow["models"]) => ProviderRow["models"],
): Promise<void> {
  const db = await getDb();
  const [existing] = await db.select({ models: providers.models }).from(providers).where(eq(providers.id, id));
  if (existing)
    await db
      .update(providers)
      .set({ ...owned, models: merge(existing.models) })
      .where(eq(providers.id, id));
  else await db.insert(providers).values({ ...fresh, id });
}
