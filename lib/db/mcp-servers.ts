import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { Actor } from "@/lib/identity/actor";
import { atLeast, resolveAccess } from "@/lib/sharing/resolve-access";
import type { Access } from "@/lib/sharing/types";
import { getDb } from "./client";
import { catalogRows } from "./catalog-cache";
import { mcpServers, type McpToolEntry } from "./schema";

/** Data access for MCP servers: every read is filtered by the actor's access (sharing model). */

export type McpServerRow = typeof mcpServers.$inferSelect;
export type McpServerInsert = typeof mcpServers.$inferInsert;
export type ReadableMcpServer = { row: McpServerRow; access: Exclude<Access, "none"> };

/** Servers the actor can at least read, oldest first, with the actor's access to each. */
export async function listReadableMcpServers(actor: Actor): Promise<ReadableMcpServer[]> {
  const db = await getDb();
  const rows = await db.select().from(mcpServers).orderBy(asc(mcpServers.createdAt), asc(mcpServers.name));
  return rows.flatMap((row) => {
    const access = resolveAccess(actor, row, "mcp");
    return access === "none" ? [] : [{ row, access }];
  });
}

export type McpServerSelection = { ids: string[] } | { names: string[] };

/**
 * The enabled servers the actor may read: all of them (oldest first) without a selection, else
 * those among `ids` or `names` in the order given. The runtime asks here rather than trusting
 * the ids it was handed.
 */
export async function findUsableMcpServers(actor: Actor, selection?: McpServerSelection): Promise<McpServerRow[]> {
  const keys = selection && ("ids" in selection ? selection.ids : selection.names);
  if (keys && keys.length === 0) return [];
  // Every enabled server, from the catalog cache (catalog-cache.ts): shared, frozen rows.
  const rows = await catalogRows("mcp_servers", (db) =>
    db
      .select()
      .from(mcpServers)
      .where(eq(mcpServers.enabled, true))
      .orderBy(asc(mcpServers.createdAt), asc(mcpServers.name)),
  );
  const usable = rows.filter((r) => atLeast(resolveAccess(actor, r, "mcp"), "read"));
  if (!selection) return usable;
  return pickUsable(usable, selection);
}

/** `selection` resolved against rows already read (see findUsableMcpServers), in the order given. */
export function pickUsable(usable: McpServerRow[], selection: McpServerSelection): McpServerRow[] {
  const [keys, keyOf] =
    "ids" in selection ? [selection.ids, (r: McpServerRow) => r.id] : [selection.names, (r: McpServerRow) => r.name];
  const byKey = new Map(usable.map((r) => [keyOf(r), r]));
  return [...new Set(keys)].flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
}

/** The server and the actor's access to it ("none" when missing or not shared with them). */
export async function findMcpServerAccess(
  actor: Actor,
  id: string,
): Promise<{ row: McpServerRow | undefined; access: Access }> {
  const db = await getDb();
  const [row] = await db.select().from(mcpServers).where(eq(mcpServers.id, id)).limit(1);
  return { row, access: row ? resolveAccess(actor, row, "mcp") : "none" };
}

/** Inserts a server owned by the actor. The caller checks the role and sharing first. */
export async function insertMcpServer(
  actor: Actor,
  values: Omit<McpServerInsert, "id" | "ownerId">,
): Promise<McpServerRow> {
  const db = await getDb();
  const [row] = await db
    .insert(mcpServers)
    .values({ ...values, id: crypto.randomUUID(), ownerId: actor.id })
    .returning();
  return row!;
}

/** Updates a server the caller has checked the actor may manage; undefined when it is gone. */
export async function updateManagedMcpServer(
  _actor: Actor,
  id: string,
  set: Partial<Omit<McpServerInsert, "tools">> & { tools?: McpToolEntry[] | SQL },
): Promise<McpServerRow | undefined> {
  const db = await getDb();
  const [row] = await db.update(mcpServers).set(set).where(eq(mcpServers.id, id)).returning();
  return row;
}

export async function deleteManagedMcpServer(_actor: Actor, id: string): Promise<void> {
  const db = await getDb();
  await db.delete(mcpServers).where(eq(mcpServers.id, id));
}

/** Flips one tool's `enabled` in one statement, so a concurrent toggle or refresh is never overwritten with a stale list. */
export function mcpToolsWithEnabled(toolName: string, enabled: boolean): SQL {
  return sql`(select coalesce(jsonb_agg(case when t->>'name' = ${toolName}
        then jsonb_set(t, '{enabled}', to_jsonb(${enabled}::boolean)) else t end order by i), '[]'::jsonb)
        from jsonb_array_elements(${mcpServers.tools}) with ordinality as x(t, i))`;
}
