import type { Actor } from "@/lib/auth/actor";
import type { AgentRow } from "@/lib/db/agents";
import { parseAgentConfig } from "./config-schema";
import { configForRole, isAdminRole } from "./config-access";
import { parseSharing, type Access } from "@/lib/sharing/types";

/** An agent as the API shows it to one actor: admin-only fields hidden from non-admins. */
export function agentView(actor: Actor, row: AgentRow, access: Access) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    isSubagent: row.isSubagent,
    isDefault: row.isDefault,
    ownerId: row.ownerId,
    access,
    config: configForRole(parseAgentConfig(row.config), actor.role),
    // Who it is shared with is management information.
    ...(access === "manage" || isAdminRole(actor.role) ? { sharing: parseSharing(row.sharing) } : {}),
    updatedAt: row.updatedAt.toISOString(),
  };
}
