import type { Sharing } from "@/lib/sharing/types";
import { sameSharing } from "@/components/sharing/sharing-state";

export type AgentIdentity = { name: string; slug: string; description: string; isSubagent: boolean };

/**
 * The body of POST /api/agents (create) or PUT /api/agents/:id (edit). An edit sends sharing
 * only when it changed: the server re-checks the whole sharing against the actor's rights, and
 * an admin must be able to edit an agent the superadmin shared wider than they could.
 */
export function agentPayload(input: {
  identity: AgentIdentity;
  config: Record<string, unknown>;
  sharing: Sharing;
  initialSharing: Sharing | undefined;
  creating: boolean;
}) {
  const { identity, config, sharing, initialSharing, creating } = input;
  const base = {
    name: identity.name.trim(),
    slug: identity.slug.trim(),
    description: identity.description.trim(),
    config,
  };
  if (creating) return { ...base, isSubagent: identity.isSubagent, sharing };
  const changed = !initialSharing || !sameSharing(initialSharing, sharing);
  return changed ? { ...base, sharing } : base;
}
