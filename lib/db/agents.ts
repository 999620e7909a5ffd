import { asc, eq } from "drizzle-orm";
import { getDb } from "./client";
import { agents } from "./schema";
import { catalogRows } from "./catalog-cache";
import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { atLeast, CAN_CREATE, filterByAccess, resolveAccess } from "@/lib/sharing/resolve-access";
import { PRIVATE, sharingSchema, type Access, type Sharing } from "@/lib/sharing/types";
import { isUniqueViolation } from "./pg-errors";
import { assertMayGrant } from "@/lib/sharing/grant";

export type AgentRow = typeof agents.$inferSelect;

/** Every agent, oldest first, from the catalog cache (catalog-cache.ts): shared, frozen rows. */
const allAgents = () => catalogRows("agents", (db) => db.select().from(agents).orderBy(asc(agents.createdAt)));

/** Main agents the actor may chat with (read access), oldest first. */
export async function listVisibleAgents(actor: Actor): Promise<AgentRow[]> {
  return filterByAccess(
    actor,
    (await allAgents()).filter((a) => !a.isSubagent),
    "agent",
  );
}

/** Subagents the actor may delegate to (read access). */
export async function listVisibleSubagents(actor: Actor): Promise<AgentRow[]> {
  return filterByAccess(
    actor,
    (await allAgents()).filter((a) => a.isSubagent && a.backend === "SubAgentBackend"),
    "agent",
  );
}

/** Every agent (main and sub) the actor can at least read, for management screens. */
export async function listAgentsForManagement(actor: Actor): Promise<(AgentRow & { access: Access })[]> {
  const db = await getDb();
  const rows = await db.select().from(agents).orderBy(asc(agents.createdAt));
  return rows.map((r) => ({ ...r, access: resolveAccess(actor, r, "agent") })).filter((r) => r.access !== "none");
}

export async function getVisibleAgent(actor: Actor, id: string): Promise<AgentRow | null> {
  const row = (await allAgents()).find((a) => a.id === id);
  return row && atLeast(resolveAccess(actor, row, "agent"), "read") ? row : null;
}

/**
 * The agent a conversation of the actor runs with, even when it is no longer shared with them (the
 * conversation keeps naming who wrote its instructions). `thread` must be the actor's own row.
 */
export async function getThreadAgent(
  actor: Actor,
  thread: { userId: string; agentId: string | null },
): Promise<AgentRow | null> {
  if (thread.userId !== actor.id || !thread.agentId) return null;
  return (await allAgents()).find((a) => a.id === thread.agentId) ?? null;
}

export async function getDefaultAgent(actor: Actor): Promise<AgentRow | null> {
  const rows = await listVisibleAgents(actor);
  return rows.find((a) => a.isDefault) ?? rows[0] ?? null;
}

async function findAgentWithAccess(actor: Actor, id: string, needed: Access) {
  const db = await getDb();
  const [row] = await db.select().from(agents).where(eq(agents.id, id)).limit(1);
  if (!row) return null;
  const access = resolveAccess(actor, row, "agent");
  return atLeast(access, needed) ? { row, access } : null;
}

/** The agent with the actor's access level; 404 when the actor cannot even read it. */
export async function requireAgent(actor: Actor, id: string, needed: Access = "read") {
  const readable = await findAgentWithAccess(actor, id, "read");
  if (!readable) throw new ApiError("not_found:agent", "This agent does not exist or is not shared with you.");
  if (!atLeast(readable.access, needed))
    throw new ApiError("forbidden:agent", "You may use this agent but not change it.");
  return readable;
}

/** An agent's own fields; its config comes validated from lib/agent/config/manage.ts. */
export type AgentFields = {
  slug: string;
  name: string;
  description?: string;
  isSubagent?: boolean;
  sharing?: Sharing;
};

/** A validated config to store, asked for after the access checks (so a refused actor hears 403, not 400). */
type ConfigToStore = () => Record<string, unknown>;

export async function insertAgent(actor: Actor, input: AgentFields, configToStore: ConfigToStore): Promise<AgentRow> {
  if (!CAN_CREATE.agent.includes(actor.role)) throw new ApiError("forbidden:agent", "You may not create agents.");
  const sharing = sharingSchema.parse(input.sharing ?? PRIVATE);
  assertMayGrant(actor, sharing);
  const config = configToStore();
  const db = await getDb();
  try {
    const [row] = await db
      .insert(agents)
      .values({
        id: crypto.randomUUID(),
        slug: input.slug,
        name: input.name,
        description: input.description ?? "",
        isSubagent: input.isSubagent ?? false,
        backend: input.isSubagent ? "SubAgentBackend" : "ChatbotAgent",
        config,
        ownerId: actor.id,
        sharing,
      })
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err))
      throw new ApiError("conflict:agent", `An agent with the slug "${input.slug}" already exists.`);
    throw err;
  }
}

/** Changes an agent the actor manages; `configToStore` gets the stored row and gives the config to store. */
export async function updateAgentRow(
  actor: Actor,
  id: string,
  patch: Partial<AgentFields>,
  configToStore: (row: AgentRow) => Record<string, unknown>,
): Promise<AgentRow> {
  const { row } = await requireAgent(actor, id, "manage");
  let sharing = row.sharing;
  if (patch.sharing) {
    const parsed = sharingSchema.parse(patch.sharing);
    assertMayGrant(actor, parsed);
    sharing = parsed;
  }
  const config = configToStore(row);
  const db = await getDb();
  try {
    const [updated] = await db
      .update(agents)
      .set({
        ...(patch.slug ? { slug: patch.slug } : {}),
        ...(patch.name ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        config,
        sharing,
        updatedAt: new Date(),
      })
      .where(eq(agents.id, id))
      .returning();
    return updated;
  } catch (err) {
    if (isUniqueViolation(err))
      throw new ApiError("conflict:agent", `An agent with the slug "${patch.slug}" already exists.`);
    throw err;
  }
}

export async function deleteAgent(actor: Actor, id: string): Promise<void> {
  const { row } = await requireAgent(actor, id, "manage");
  if (row.isDefault)
    throw new ApiError("conflict:agent", "The default agent cannot be deleted. Make another agent the default first.");
  const db = await getDb();
  await db.delete(agents).where(eq(agents.id, id));
}

/** Start-up seeding (no actor: the system owns seeded agents). Keeps an existing row with the slug, possibly edited by an admin. */
export async function insertSeedAgentIfMissing(values: typeof agents.$inferInsert): Promise<void> {
  const db = await getDb();
  const existing = await db.select({ id: agents.id }).from(agents).where(eq(agents.slug, values.slug));
  // Instances starting together on one database race here: the first insert wins, the others do nothing.
  if (existing.length === 0) await db.insert(agents).values(values).onConflictDoNothing();
}
