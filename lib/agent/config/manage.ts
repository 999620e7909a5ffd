import type { Actor } from "@/lib/identity/actor";
import { isAdminRole } from "@/lib/identity/roles";
import { ApiError } from "@/lib/errors/api-error";
import { insertAgent, updateAgentRow, type AgentFields, type AgentRow } from "@/lib/db/agents";
import { agentConfigSchema, parseAgentConfig, type AgentConfig } from "./config-schema";
import { keepAdminOnlyFields, stripAdminOnlyFields } from "./config-access";

export type AgentInput = AgentFields & { config?: Partial<AgentConfig> };

/** A config as sent by a client: every field validated, errors named for the form. */
function parseConfigInput(input: unknown): AgentConfig {
  const result = agentConfigSchema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${i.message}`);
  throw new ApiError("bad_request:agent", `Invalid agent config: ${issues.join("; ")}`);
}

/** Creates an agent; admin-only config fields a non-admin sends are ignored, not stored. */
export function createStoredAgent(actor: Actor, input: AgentInput): Promise<AgentRow> {
  const { config, ...fields } = input;
  return insertAgent(actor, fields, () =>
    parseConfigInput(isAdminRole(actor.role) ? (config ?? {}) : stripAdminOnlyFields(config ?? {})),
  );
}

/** Changes an agent; a non-admin's change keeps the stored admin-only fields as they were. */
export function updateAgent(actor: Actor, id: string, patch: Partial<AgentInput>): Promise<AgentRow> {
  const { config, ...fields } = patch;
  return updateAgentRow(actor, id, fields, (row) => {
    const stored = parseAgentConfig(row.config);
    if (!config) return stored;
    const incoming = isAdminRole(actor.role) ? config : keepAdminOnlyFields(stripAdminOnlyFields(config), stored);
    return parseConfigInput({ ...stored, ...incoming });
  });
}
