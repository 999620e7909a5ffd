import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Actor } from "@/lib/identity/actor";
import { getDb } from "./client";

type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/** The actor's row `id` of a per-user table, or null: a row of someone else reads as missing. */
export async function findOwnRow<T extends OwnedTable>(
  table: T,
  actor: Actor,
  id: string,
): Promise<T["$inferSelect"] | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.userId, actor.id)))
    .limit(1);
  return (row as T["$inferSelect"] | undefined) ?? null;
}
