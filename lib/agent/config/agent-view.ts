import type { Actor } from "@/lib/identity/actor";
import type { AgentRow } from "@/lib/db/agents";
import { parseAgentConfig } from "./config-schema";
import { configForRole, isAdminRole } from "./config-access";
import { parseSharing, type Access } from "@/lib/sharing/types";

/**
 * Written by another user than the actor (an agent shared with them): its instructions are not
 * the actor's, so the chat names their author and anything that may leave the machine asks
 * first (README, "Shared agents"). Seeded agents (no owner) are the system's.
 */
export function isAnotherUsersAgent(actor: Actor, row: Pick<AgentRow, "ownerId">): boolean {
  return row.ownerId !== null && row.ownerId !== actor.id;
}

/**
 * An agent as the API shows it to one actor: admin-only fields hidden from non-admins.
 * `sharedBy`: the author's name when another user wrote it (see isAnotherUsersAgent), else null.
 */
export function agentView(actor: Actor, row: AgentRow, access: Access, authors?: Map<string, string>) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    isSubagent: row.isSubagent,
    isDefault: row.isDefault,
    ownerId: row.ownerId,
    sharedBy: isAnotherUsersAgent(actor, row) ? (authors?.get(row.ownerId!) ?? null) : null,
    access,
    config: configForRole(parseAgentConfig(row.config), actor.role),
    // Who it is shared with is management information.
    ...(access === "manage" || isAdminRole(actor.role) ? { sharing: parseSharing(row.sharing) } : {}),
    updatedAt: row.updatedAt.toISOString(),
  };
}
