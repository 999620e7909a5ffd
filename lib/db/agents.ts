import { and, asc, eq } from "drizzle-orm";
import { getDb } from "./client";
import { agents } from "./schema";
import type { Actor } from "@/lib/auth/actor";

export type AgentRow = typeof agents.$inferSelect;

/**
 * Agents the actor may use. Sharing scopes arrive with the administration issue; until then
 * every main agent is visible to every signed-in user, subagents are never listed for chat.
 */
export async function listVisibleAgents(_actor: Actor): Promise<AgentRow[]> {
  const db = await getDb();
  return db.select().from(agents).where(eq(agents.isSubagent, false)).orderBy(asc(agents.createdAt));
}

export async function getVisibleAgent(actor: Actor, id: string): Promise<AgentRow | null> {
  const rows = await listVisibleAgents(actor);
  return rows.find((a) => a.id === id) ?? null;
}

export async function getDefaultAgent(actor: Actor): Promise<AgentRow | null> {
  const rows = await listVisibleAgents(actor);
  return rows.find((a) => a.isDefault) ?? rows[0] ?? null;
}

export async function getAgentBySlug(slug: string): Promise<AgentRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(agents).where(and(eq(agents.slug, slug))).limit(1);
  return row ?? null;
}
